import { z } from 'zod';
import { pageQueryFields } from './page-schema';
import { allPermissions, type Permission } from './roles';
import { zInstant } from './wire-formats';
import { sentence } from './i18n/sentence';

const ZPermission = z.enum(allPermissions as [Permission, ...Permission[]], { error: 'Unknown permission' });

/**
 * Staff, roles, customers, dashboard and audit log: the shapes of the admin calls (docs/staff.md). The
 * server validates with these and the admin dialogs use the same schemas.
 */

export const staffMessages = {
  roleNameRequired: 'Role name and display name are required',
  roleNameFormat: 'Role names may contain only letters, digits, spaces and underscores.',
  roleNameTaken: 'A role with that name already exists.',
  systemRole: 'System roles cannot be changed.',
  roleInUse: (n: number) =>
    sentence('This role is held by {n, plural, one {# person} other {# people}}. Give them another role first.', { n }),
  roleNotFound: 'Role not found',
  unknownRole: 'There is no role with that name.',
  customerRole: 'Staff members need a staff role: employee, admin or a custom role.',
  userNotFound: 'Staff member not found',
  emailTaken: 'Someone with that e-mail address already has an account.',
  ownAccount: "You can't change your own role, permissions or status.",
  // A key is a program, not its creator: "your own" would name nobody.
  keysCreator: "An API key can't change the role, permissions or status of the person who made it.",
  lastAdmin: 'This is the last active admin. Make someone else an admin first.',
  onlyAdminsGiveAdmin: 'Only admins can give or change the admin role.',
  onlyAdminsChangeAdmins: "Only admins can change an admin's account.",
  cannotGrant: "You can't give permissions you don't hold yourself.",
} as const;

/** Role names are stored lowercased with whitespace turned to underscores. */
export const normalizeRoleName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '_');

export const ZPermissionList = z
  .array(ZPermission)
  .max(200)
  .transform((list) => [...new Set(list)]);

export const ZPermissionGroup = z.object({
  group: z.string(),
  label: z.string(),
  permissions: z.array(z.object({ id: z.string(), label: z.string() })),
});
z.globalRegistry.add(ZPermissionGroup, { id: 'PermissionGroup' });
export type PermissionGroupAnswer = z.infer<typeof ZPermissionGroup>;

export const ZRoleRecord = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  isSystemRole: z.boolean(),
  /** How many people hold the role. */
  userCount: z.number().int(),
  createdAt: zInstant(),
});
z.globalRegistry.add(ZRoleRecord, { id: 'Role' });
export type RoleRecord = z.infer<typeof ZRoleRecord>;

const optionalText = z.string().max(200, 'At most 200 characters').nullish();

/** The fields of the role dialog, as sent; `checkRoleFields` applies the rules. */
const ZRoleFields = z.object({
  name: optionalText,
  displayName: optionalText,
  description: z.string().max(500, 'At most 500 characters').nullish(),
  permissions: ZPermissionList.nullish(),
});
export type RoleFields = z.infer<typeof ZRoleFields>;

/** Name and display name required; the name lowercased with whitespace turned to underscores. */
export function checkRoleFields(
  value: RoleFields,
):
  | { ok: true; role: { name: string; displayName: string; description: string; permissions: Permission[] } }
  | { ok: false; field: 'name' | 'displayName'; message: string } {
  if (!value.name?.trim() || !value.displayName?.trim()) {
    return { ok: false, field: value.name?.trim() ? 'displayName' : 'name', message: staffMessages.roleNameRequired };
  }
  const name = normalizeRoleName(value.name);
  if (!/^[a-z0-9_]+$/.test(name)) return { ok: false, field: 'name', message: staffMessages.roleNameFormat };
  return {
    ok: true,
    role: {
      name,
      displayName: value.displayName.trim(),
      description: (value.description ?? '').trim(),
      permissions: value.permissions ?? [],
    },
  };
}

/** The role dialog's form schema: the same rules, reported on the field. */
export const ZRoleForm = ZRoleFields.superRefine((value, ctx) => {
  const checked = checkRoleFields(value);
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message, path: [checked.field] });
});

/** The API requires both names (and its document says so), with the sentence the form's check gives. */
const ZRoleNames = {
  name: z.string({ error: staffMessages.roleNameRequired }).max(200, 'At most 200 characters'),
  displayName: z.string({ error: staffMessages.roleNameRequired }).max(200, 'At most 200 characters'),
};

export const ZCreateRoleInput = ZRoleFields.extend({ ...ZRoleNames, isSystemRole: z.boolean().nullish() });
export type CreateRoleInput = z.infer<typeof ZCreateRoleInput>;

export const ZUpdateRoleInput = ZRoleFields.extend({ ...ZRoleNames, id: z.string() });
export type UpdateRoleInput = z.infer<typeof ZUpdateRoleInput>;

export const ZStaffUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  profileImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  /** The person's own permissions (what the permissions dialog edits). */
  permissions: z.array(z.string()),
  /** Their role's permissions together with their own. */
  effectivePermissions: z.array(z.string()),
  createdAt: zInstant(),
});
z.globalRegistry.add(ZStaffUser, {
  id: 'User',
  description: "A person's account as admins manage it: staff and customers alike",
});
export type StaffUser = z.infer<typeof ZStaffUser>;

export const ZListUsersInput = z
  .object({
    role: z.string().max(60).optional(),
    /** `true`: staff only (every role but customer). */
    staff: z.enum(['true', 'false']).optional(),
    search: z.string().max(200).optional(),
  })
  .optional();

/** A person's first or last name as staff type it (blank where it may be left out). */
export const ZName = z.string().trim().max(100, 'Names can be at most 100 characters');
/** A customer's phone number as staff type it. */
export const ZPhone = z.string().trim().max(40, 'A phone number has at most 40 characters');
const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const ZCreateStaffInput = z.object({
  firstName: ZName.default(''),
  lastName: ZName.default(''),
  email: ZEmail,
  role: z.string().trim().min(1, 'Role is required').max(60),
});
export type CreateStaffInput = z.infer<typeof ZCreateStaffInput>;

export const ZCreateCustomerInput = z.object({
  email: ZEmail,
  firstName: ZName.min(1, 'First name is required'),
  lastName: ZName.min(1, 'Last name is required'),
  phone: ZPhone.optional(),
});
export type CreateCustomerInput = z.infer<typeof ZCreateCustomerInput>;

export const ZUpdateStaffInput = z.object({
  userId: z.string(),
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  email: ZEmail.optional(),
});
export type UpdateStaffInput = z.infer<typeof ZUpdateStaffInput>;

export const ZSetRoleInput = z.object({
  userId: z.string(),
  role: z.string().trim().min(1, 'Role is required').max(60),
});
export const ZSetPermissionsInput = z.object({ userId: z.string(), permissions: ZPermissionList });
export const ZSetStatusInput = z.object({
  userId: z.string(),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

const ZPerson = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

export const CUSTOMERS_PAGE_SIZE = 20;

export const ZCustomersInput = z
  .object({
    search: z.string().max(200).optional(),
    /** Only customers with this tag, written as on their records (the customer record's tags). */
    tag: z.string().trim().max(40).optional(),
    /** The customer with this e-mail exactly, whatever its case (an integrator's look-up). */
    email: z.string().trim().max(254).optional(),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1')
      .max(100000)
      .optional(),
    ...pageQueryFields,
  })
  .optional();
export type CustomersInput = NonNullable<z.infer<typeof ZCustomersInput>>;

export const ZCustomerRecord = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable().describe('The phone number the customer or staff gave, as written; null when none'),
  /** When the customer's account last changed: an ISO instant to the microsecond. */
  updatedAt: zInstant(),
  orderCount: z.number().int(),
  appointmentCount: z.number().int(),
  noShowCount: z.number().int(),
  totalSpent: z.string(),
  lastActivity: z.string().nullable(),
  isActive: z.boolean(),
  orders: z.array(z.object({ id: z.string(), total: z.string(), status: z.string(), createdAt: zInstant() })),
  appointments: z.array(
    z.object({ id: z.string(), dateTime: zInstant(), status: z.string(), service: z.object({ name: z.string() }) }),
  ),
});
z.globalRegistry.add(ZCustomerRecord, {
  id: 'Customer',
  description: 'A customer with their orders, appointments and spend',
});
export type CustomerRecord = z.infer<typeof ZCustomerRecord>;

export const ZCustomersPage = z.object({
  summary: z.object({
    total: z.number().int(),
    active: z.number().int(),
    revenue: z.string(),
    averageOrderValue: z.string(),
  }),
  items: z.array(ZCustomerRecord),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z
    .string()
    .nullable()
    .describe(
      'With limit, cursor or updatedSince: the cursor of the next page (also in the Link header); null on the last',
    ),
});
z.globalRegistry.add(ZCustomersPage, { id: 'CustomersPage' });
export type CustomersPage = z.infer<typeof ZCustomersPage>;

export const dashboardGoals = { monthRevenue: 10000, monthOrders: 100, lowStockBelow: 10 } as const;

export const ZDashboard = z.object({
  monthRevenue: z.string(),
  revenueGoal: z.string(),
  monthOrders: z.number().int(),
  ordersGoal: z.number().int(),
  todayAppointments: z.number().int(),
  lowStockCount: z.number().int(),
  pendingApplications: z.number().int(),
  unconfirmedToday: z.number().int(),
  recentOrders: z.array(
    z.object({ id: z.string(), total: z.string(), status: z.string(), createdAt: zInstant(), customer: ZPerson }),
  ),
  todaysAppointments: z.array(
    z.object({
      id: z.string(),
      dateTime: zInstant(),
      status: z.string(),
      service: z.object({ name: z.string() }),
      customer: ZPerson,
      employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
    }),
  ),
  lowStockProducts: z.array(z.object({ id: z.string(), name: z.string(), inventory: z.number().int() })),
  /** This week's no-shows (Monday to Sunday in the business time zone), latest first. */
  weekNoShows: z.array(
    z.object({
      id: z.string(),
      dateTime: z.string(),
      service: z.object({ name: z.string() }),
      customer: ZPerson,
      employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
    }),
  ),
  series: z.array(
    z.object({ date: z.string(), revenue: z.string(), orders: z.number().int(), bookings: z.number().int() }),
  ),
});
z.globalRegistry.add(ZDashboard, { id: 'Dashboard' });
export type Dashboard = z.infer<typeof ZDashboard>;

export const AUDIT_PAGE_SIZE = 50;

export const ZAuditInput = z
  .object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1')
      .max(100000)
      .optional(),
    ...pageQueryFields,
    updatedSince: pageQueryFields.updatedSince.describe(
      'Only entries written at or after this instant (an entry never changes), oldest first',
    ),
  })
  .optional();

export type AuditInput = NonNullable<z.infer<typeof ZAuditInput>>;

const ZAuditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string().meta({ description: "What changed, from what to what, in the request's language" }),
  createdAt: zInstant(),
});
z.globalRegistry.add(ZAuditEntry, { id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z
    .string()
    .nullable()
    .describe(
      'With limit, cursor or updatedSince: the cursor of the next page (also in the Link header); null on the last',
    ),
});
z.globalRegistry.add(ZAuditPage, { id: 'AuditLogPage' });
