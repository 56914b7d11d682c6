import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('environment', () => {
  it('has working defaults for a fresh machine', () => {
    const env = readEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      publicUrl: 'http://localhost:3000',
    });
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it("names every variable it reads in the README's configuration table", () => {
    const source = readFileSync(new URL('./env.ts', import.meta.url), 'utf8');
    const read = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(read).toEqual(expect.arrayContaining(['DATABASE_URL', 'API_KEY_RATE_LIMIT', 'WEBHOOK_ALLOW_PRIVATE']));
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.split('\n').filter((line) => line.startsWith('| `'));
    expect(read.filter((name) => !table.some((line) => line.includes(`\`${name}\``)))).toEqual([]);
  });

  it('reads the documented names', () => {
    const env = readEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/shop',
      PUBLIC_URL: 'https://shop.example.com/',
      ADMIN_EMAILS: ' Owner@Example.com, ops@example.com ,',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@db:5432/shop',
      publicUrl: 'https://shop.example.com',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(env.ADMIN_EMAILS).toEqual(['owner@example.com', 'ops@example.com']);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid environment variable PORT: must be a port number$/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment variable DATABASE_URL: must be a postgres:\/\/ URL$/],
    [{ PUBLIC_URL: 'shop.example.com' }, /^Invalid environment variable PUBLIC_URL: /],
    [{ NODE_ENV: 'production' }, /^Invalid environment variable SESSION_SECRET: required in production$/],
  ])('stops on %o with one line naming it', (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });
});
