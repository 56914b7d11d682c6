import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { exportKinds, exportPermission } from '../src/shared/csv-schema';

/** CSV exports (src/server/http/csv-http.ts): plain routes whose answer is CSV, documented by hand. */
export const csvPaths: ZodOpenApiPathsObject = Object.fromEntries(
  exportKinds.map((kind) => [
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
);

/** The error answers of the CSV operations, by `<method> <path>`, beside the server's own. */
export const csvErrors: [string, Record<number, string>][] = exportKinds.map((kind) => [
  `get /admin/exports/${kind}.csv`,
  {
    400: 'from or to is not a date, or the range ends before it starts',
    401: 'Not signed in',
    403: `Signed in without ${exportPermission[kind]}`,
  },
]);
