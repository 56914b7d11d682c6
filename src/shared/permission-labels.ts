import type { Catalogue } from './i18n/catalogue';
import type { MessageId } from './i18n/en';
import type { Permission, PermissionGroupEntry } from './roles';

/**
 * The permission catalogue's words, by group and by permission: the screens' messages (i18n/<language>/staff.ts),
 * the one place they are written. The screens say them in the page's language, the API lists them in English
 * (GET /api/admin/permissions) and the audit log's entries in the reader's (src/server/audit/audit.ts).
 */
const groupLabels: Record<PermissionGroupEntry['group'], MessageId> = {
  dashboard: 'staff.groupDashboard',
  products: 'staff.groupProducts',
  services: 'staff.groupServices',
  orders: 'staff.groupOrders',
  appointments: 'staff.groupAppointments',
  customers: 'staff.groupCustomers',
  users: 'staff.groupUsers',
  roles: 'staff.groupRoles',
  settings: 'staff.groupSettings',
  chat: 'staff.groupChat',
  payments: 'staff.groupPayments',
  webhooks: 'staff.groupWebhooks',
};

const itemLabels: Record<Permission, MessageId> = {
  'dashboard.view': 'staff.permDashboardView',
  'dashboard.analytics': 'staff.permDashboardAnalytics',
  'products.view': 'staff.permProductsView',
  'products.create': 'staff.permProductsCreate',
  'products.edit': 'staff.permProductsEdit',
  'products.delete': 'staff.permProductsDelete',
  'products.featured': 'staff.permProductsFeatured',
  'services.view': 'staff.permServicesView',
  'services.create': 'staff.permServicesCreate',
  'services.edit': 'staff.permServicesEdit',
  'services.delete': 'staff.permServicesDelete',
  'services.featured': 'staff.permServicesFeatured',
  'orders.view': 'staff.permOrdersView',
  'orders.edit': 'staff.permOrdersEdit',
  'orders.manage': 'staff.permOrdersManage',
  'orders.refund': 'staff.permOrdersRefund',
  'appointments.view': 'staff.permAppointmentsView',
  'appointments.edit': 'staff.permAppointmentsEdit',
  'appointments.manage': 'staff.permAppointmentsManage',
  'appointments.cancel': 'staff.permAppointmentsCancel',
  'appointments.calendar': 'staff.permAppointmentsCalendar',
  'customers.view': 'staff.permCustomersView',
  'customers.edit': 'staff.permCustomersEdit',
  'customers.communication': 'staff.permCustomersCommunication',
  'users.view': 'staff.permUsersView',
  'users.edit': 'staff.permUsersEdit',
  'users.roles': 'staff.permUsersRoles',
  'users.permissions': 'staff.permUsersPermissions',
  'roles.view': 'staff.permRolesView',
  'roles.create': 'staff.permRolesCreate',
  'roles.edit': 'staff.permRolesEdit',
  'roles.delete': 'staff.permRolesDelete',
  'roles.permissions': 'staff.permRolesPermissions',
  'settings.view': 'staff.permSettingsView',
  'settings.edit': 'staff.permSettingsEdit',
  'settings.business': 'staff.permSettingsBusiness',
  'settings.system': 'staff.permSettingsSystem',
  'chat.view': 'staff.permChatView',
  'chat.respond': 'staff.permChatRespond',
  'chat.customer': 'staff.permChatCustomer',
  'chat.admin': 'staff.permChatAdmin',
  'payments.view': 'staff.permPaymentsView',
  'payments.process': 'staff.permPaymentsProcess',
  'payments.refunds': 'staff.permPaymentsRefunds',
  'webhooks.view': 'staff.permWebhooksView',
  'webhooks.manage': 'staff.permWebhooksManage',
};

/** A group's or a permission's message, by the id the catalogue gives it; none for one it does not know. */
export const permissionGroupLabelId = (group: string): MessageId | undefined =>
  (groupLabels as Record<string, MessageId | undefined>)[group];
export const permissionLabelId = (permission: string): MessageId | undefined =>
  (itemLabels as Record<string, MessageId | undefined>)[permission];

/** A group's or a permission's words in a catalogue's language; one the catalogue does not know is its own name. */
export const permissionGroupLabel = (messages: Catalogue['messages'], group: string): string => {
  const id = permissionGroupLabelId(group);
  return id ? messages[id] : group;
};
export const permissionLabel = (messages: Catalogue['messages'], permission: string): string => {
  const id = permissionLabelId(permission);
  return id ? messages[id] : permission;
};
