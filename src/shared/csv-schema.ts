import { z } from 'zod';
import type { Permission } from './roles';

/** CSV exports and imports (docs/customers.md): which kinds exist and who may take each. */

export const exportKinds = ['orders', 'appointments', 'customers', 'products'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** Each export needs the view permission of what it lists. */
export const exportPermission: Record<ExportKind, Permission> = {
  orders: 'orders.view',
  appointments: 'appointments.view',
  customers: 'customers.view',
  products: 'products.view',
};

export const exportMessages = {
  unknownKind: 'There is no such export: choose orders, appointments, customers or products.',
  badDate: 'from and to must be dates written YYYY-MM-DD',
  rangeBackwards: 'The range must not end before it starts.',
} as const;

export const importKinds = ['products', 'services', 'customers'] as const;
export type ImportKind = (typeof importKinds)[number];

/** Adding and changing what an import lists. */
export const importPermission: Record<ImportKind, Permission> = {
  products: 'products.create',
  services: 'services.create',
  customers: 'customers.edit',
};

/** A file may be at most this large (the route refuses a larger body before reading it). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const importMessages = {
  unknownKind: 'There is no such import: choose products, services or customers.',
  notCsv: 'Send the file as text/csv.',
  unreadable: 'The file is not a CSV file this import can read.',
  missingColumn: 'This column is missing from the header row.',
  repeated: 'This row repeats an earlier one (line {line}).',
  staffEmail: 'This e-mail belongs to a staff member.',
  hasErrors: 'The file has errors; nothing was imported.',
} as const;

const ZImportError = z.object({
  line: z.number().int().describe('The line of the file, the header being line 1'),
  column: z.string(),
  message: z.string(),
});

/** What an import did (or, on a dry run, would do). */
export const ZImportResult = z
  .object({
    created: z.number().int().describe('Rows added'),
    updated: z.number().int().describe('Rows that matched one already there and changed it'),
    errors: z.array(ZImportError),
  })
  .meta({ id: 'ImportResult' });

/** A refused import: every error of the file by line and column (or, for a body that is not CSV, just the sentence). */
export const ZImportRefusal = z
  .object({
    message: z.string(),
    code: z.string(),
    created: z.number().int().optional(),
    updated: z.number().int().optional(),
    errors: z.array(ZImportError).optional(),
  })
  .meta({ id: 'ImportRefusal' });
