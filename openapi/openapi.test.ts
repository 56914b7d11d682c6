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

  it("lints with 0 errors under Redocly's recommended rules (redocly.yaml)", async () => {
    const redocly = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));
    const { stdout } = await promisify(execFile)(redocly, ['lint', '--format', 'json', snapshotPath], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const { problems } = JSON.parse(stdout) as { problems: { severity: string; ruleId: string; message: string }[] };
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  }, 60_000);

  it('names the schema of every answer body, so generated clients get named types', () => {
    const document = JSON.parse(readFileSync(snapshotPath, 'utf8')) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
      >;
    };
    type Schema = { $ref?: string; type?: string; items?: Schema };
    const unnamed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.entries(operation.responses)
          .filter(([, response]) => {
            const schema = response.content?.['application/json']?.schema;
            return schema && !(schema.type === 'array' ? schema.items?.$ref : schema.$ref);
          })
          .map(([status]) => `${method} ${path} ${status}`),
      ),
    );
    // Register the output schema with an id: `.meta({ id: 'Thing' })` (or z.globalRegistry.add beside it).
    expect(unnamed).toEqual([]);
  });

  it('gives a generated client named types for Order, Appointment, Product, Customer and Event', () => {
    const types = readFileSync(clientTypesPath, 'utf8');
    const schemas = types.slice(types.indexOf('  schemas: {'), types.indexOf('  responses: never;'));
    for (const name of ['Order', 'Appointment', 'Product', 'Customer', 'Event'])
      expect(schemas, name).toMatch(new RegExp(`^    ${name}:`, 'm'));
    // The operations answer them by name: GET /orders, /appointments, /products, /admin/customers.
    for (const name of ['Order', 'Appointment', 'Product', 'Customer'])
      expect(types, name).toContain(`components['schemas']['${name}']`);
    // Every event body in the webhooks section is one of Event's kinds.
    expect(schemas).toMatch(/^ {4}Event:\n?\s*\| components\['schemas'\]\['OrderCreatedEvent'\]/m);
  });

  it('has the version docs/api-changelog.md describes', () => {
    const changelog = readFileSync(new URL('../docs/api-changelog.md', import.meta.url), 'utf8');
    const { version } = (JSON.parse(readFileSync(snapshotPath, 'utf8')) as { info: { version: string } }).info;
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(changelog).toContain(`## ${version}`);
  });
});
