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
