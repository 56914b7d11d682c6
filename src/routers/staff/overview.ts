import { z } from 'zod';
import { listAuditLog } from '../../server/staff/audit';
import { listCustomers } from '../../server/staff/customers-service';
import { getDashboard } from '../../server/staff/dashboard-service';
import { checkedOncePerValue } from '../../server/api/checked-once';
import { requestLocale } from '../../server/api/request-locale';
import { adminProcedure, permissionProcedure, rest, router } from '../../server/api/trpc';
import { ZAuditInput, ZAuditPage, ZCustomersInput, ZCustomersPage, ZDashboard } from '../../shared/staff-schema';

export const customersRouter = router({
  list: permissionProcedure('customers.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/customers',
        tags: ['customers'],
        summary: 'Customers with their orders, appointments, spend and activity (?search=&tag=&page=)',
      }),
    )
    .input(ZCustomersInput)
    .output(checkedOncePerValue(ZCustomersPage))
    // A page is as fresh as the figures on it: at most a few seconds old (figures-cache.ts).
    .query(({ ctx, input }) =>
      ctx.figures.get(`customers:${input?.page ?? 1}:${input?.tag ?? ''}:${input?.search?.trim() ?? ''}`, () =>
        listCustomers(ctx.db, input ?? {}, ctx.figures),
      ),
    ),
});

export const dashboardRouter = router({
  get: permissionProcedure('dashboard.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/dashboard',
        tags: ['dashboard'],
        summary: "The dashboard's figures, lists and 30-day series",
      }),
    )
    .input(z.void())
    .output(checkedOncePerValue(ZDashboard))
    .query(({ ctx }) => ctx.figures.get('dashboard', () => getDashboard(ctx.db))),
});

export const auditLogRouter = router({
  list: adminProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/admin/audit-log',
        tags: ['audit'],
        summary: 'Every staff write, newest first (?page=)',
      }),
    )
    .input(ZAuditInput)
    .output(ZAuditPage)
    .query(({ ctx, input }) => listAuditLog(ctx.db, input ?? {}, requestLocale(ctx.req))),
});
