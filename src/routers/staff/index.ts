import { router } from '../../server/api/trpc';
import { auditLogRouter, customersRouter, dashboardRouter } from './overview';
import { permissionsRouter, rolesRouter } from './roles';
import { usersRouter } from './users';

/** Staff, roles and permissions, customers, the dashboard and the audit log (docs/staff.md). */
export const staffRouter = router({
  permissions: permissionsRouter,
  roles: rolesRouter,
  users: usersRouter,
  customers: customersRouter,
  dashboard: dashboardRouter,
  auditLog: auditLogRouter,
});
