import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { clientTypes, clientTypesPath } from './client-types';
import { buildOpenApiDocument } from './document';

const snapshotPath = fileURLToPath(new URL('./openapi.json', import.meta.url));

describe('OpenAPI document', () => {
  it('matches the committed snapshot (run `npm run openapi` after changing the API)', () => {
    const committed = JSON.parse(readFileSync(snapshotPath, 'utf8'));
    expect(JSON.parse(JSON.stringify(buildOpenApiDocument()))).toEqual(committed);
  });

  it('matches the committed TypeScript types generated from it (run `npm run openapi`)', async () => {
    const committed = JSON.parse(readFileSync(snapshotPath, 'utf8'));
    expect(readFileSync(clientTypesPath, 'utf8')).toBe(await clientTypes(committed));
  }, 60_000);

  it('lints with 0 errors under spectral:oas', async () => {
    const spectral = fileURLToPath(new URL('../node_modules/.bin/spectral', import.meta.url));
    const { stdout } = await promisify(execFile)(spectral, ['lint', '--quiet', '--format', 'json', snapshotPath], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const results = JSON.parse(stdout) as { severity: number; message: string; path: string[] }[];
    expect(results.filter((r) => r.severity === 0)).toEqual([]);
  }, 60_000);
});
