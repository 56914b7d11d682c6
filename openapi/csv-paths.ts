import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  exportKinds,
  exportPermission,
  importKinds,
  importPermission,
  ZImportRefusal,
  ZImportResult,
} from '../src/shared/csv-schema';

/** CSV imports: a text/csv body, all or nothing. */
const importPaths: ZodOpenApiPathsObject = Object.fromEntries(
  importKinds.map((kind) => [
    `/admin/imports/${kind}`,
    {
      post: {
        operationId: `import${kind[0]!.toUpperCase()}${kind.slice(1)}Csv`,
        summary: `Import ${kind} from CSV`,
        description:
          `Needs ${importPermission[kind]}. A CSV file (text/csv, UTF-8, at most 5 MB) with a header row. With any ` +
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
          `Needs ${exportPermission[kind]}. RFC 4180, UTF-8 with a byte order mark, a header row; a cell starting ` +
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

/** The error answers of the CSV operations, by `<method> <path>`, beside the server's own. */
export const csvErrors: [string, Record<number, string>][] = [
  ...exportKinds.map((kind): [string, Record<number, string>] => [
    `get /admin/exports/${kind}.csv`,
    {
      400: 'from or to is not a date, or the range ends before it starts',
      401: 'Not signed in',
      403: `Signed in without ${exportPermission[kind]}`,
    },
  ]),
  ...importKinds.map((kind): [string, Record<number, string>] => [
    `post /admin/imports/${kind}`,
    {
      401: 'Not signed in',
      403: `Signed in without ${importPermission[kind]}`,
      409: 'A request with this Idempotency-Key is still running',
      413: 'The file is over 5 MB',
      422: 'This Idempotency-Key was used with a different request',
      415: 'The body is not text/csv',
    },
  ]),
];
