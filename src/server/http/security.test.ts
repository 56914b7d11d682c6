import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SELECT_LIST_STYLE } from './security';

describe('the pages’ Content-Security-Policy', () => {
  it('allows the style element of the installed select by its hash', () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('@radix-ui/react-select'), 'utf8');
    const styles = [...source.matchAll(/__html: `([^`]*)`/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(`'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`).toBe(SELECT_LIST_STYLE);
  });
});
