import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { PlainRoute } from '../src/server/api/openapi-operation';
import { exportAccess, importAccess } from '../src/server/http/csv-http';
import { exportKinds, importKinds, ZImportRefusal, ZImportResult } from '../src/shared/csv-schema';

/** CSV imports: a text/csv body, all or nothing. */
const importPaths: ZodOpenApiPathsObject = Object.fromEntries(
  importKinds.map((kind) => [
    `/admin/imports/${kind}`,
    {
      post: {
        operationId: `import${kind[0]!.toUpperCase()}${kind.slice(1)}Csv`,
        summary: `Import ${kind} from CSV`,
        description:
          'A CSV file (text/csv, UTF-8, at most 5 MB) with a header row. With any ' +
          'error nothing is written and the answer is 400 listing every error by line and column; the same file ' +
          `again creates nothing new (${kind === 'customers' ? 'customers match by e-mail' : `${kind} match by name`}). ` +
          '`dryRun=true` checks the file and writes nothing.',
        tags: [kind],
        parameters: [
          {
            name: 'dryRun',
            in: 'query' as const,
            required: false,
            description: 'true: check only, write nothing',
            schema: { type: 'string' as const, enum: ['true', 'false'] },
          },
        ],
        requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' as const } } } },
        responses: {
          '200': {
            description: 'Imported (or, on a dry run, what would be)',
            content: { 'application/json': { schema: ZImportResult } },
          },
          '400': {
            description:
              'The file has errors (created, updated and errors say which), or the body is not CSV: nothing was written',
            content: { 'application/json': { schema: ZImportRefusal } },
          },
        },
      },
    },
  ]),
);

/** CSV exports and imports (src/server/http/csv-http.ts): plain routes whose bodies are CSV, documented by hand. */
export const csvPaths: ZodOpenApiPathsObject = Object.fromEntries([
  ...Object.entries(importPaths),
  ...exportKinds.map((kind) => [
    `/admin/exports/${kind}.csv`,
    {
      get: {
        operationId: `export${kind[0]!.toUpperCase()}${kind.slice(1)}Csv`,
        summary: `Export ${kind} as CSV`,
        description:
          'RFC 4180, UTF-8 with a byte order mark, a header row; a cell starting ' +
          "with =, +, -, @, a tab or a carriage return is prefixed with '. Streamed." +
          (kind === 'products' ? '' : ' `from` and `to` are days in the business time zone, both included.'),
        tags: [kind],
        parameters:
          kind === 'products'
            ? []
            : (['from', 'to'] as const).map((name) => ({
                name,
                in: 'query' as const,
                required: false,
                description: name === 'from' ? 'First day (YYYY-MM-DD)' : 'Last day (YYYY-MM-DD)',
                schema: { type: 'string' as const, format: 'date' },
              })),
        responses: {
          '200': {
            description: 'The CSV file',
            content: { 'text/csv': { schema: { type: 'string' as const } } },
          },
        },
      },
    },
  ]),
]);

/**
 * The CSV operations as their routes enforce them (the access rule) and what only they know; the document adds the
 * rest as for any operation (openapi-operation.ts). The import's own 400 body (ImportRefusal) stays as written above.
 */
export const csvRoutes: PlainRoute[] = [
  ...exportKinds.map((kind): PlainRoute => ({
    method: 'GET',
    path: `/admin/exports/${kind}.csv`,
    access: exportAccess(kind),
    errors: { 400: 'from or to is not a date, or the range ends before it starts' },
  })),
  ...importKinds.map((kind): PlainRoute => ({
    method: 'POST',
    path: `/admin/imports/${kind}`,
    access: importAccess(kind),
    errors: { 413: 'The file is over 5 MB', 415: 'The body is not text/csv' },
  })),
];
