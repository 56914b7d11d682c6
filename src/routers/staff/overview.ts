import { changingCustomers } from '../../server/staff/figures-cache';
import { z } from 'zod';
import { listAuditLog } from '../../server/audit/audit';
import { createCustomer, listCustomers } from '../../server/staff/customers-service';
import { getDashboard } from '../../server/staff/dashboard-service';
import { checkedOncePerValue } from '../../server/api/checked-once';
import { pageBody } from '../../server/api/next-link';
import { requestLocale } from '../../server/api/request-locale';
import { isPaged } from '../../server/paging/page';
import { adminProcedure, permissionProcedure, rest, router } from '../../server/api/trpc';
import {
  ZAuditInput,
  ZAuditPage,
  ZCreateCustomerInput,
  ZCustomerRecord,
  ZCustomersInput,
  ZCustomersPage,
  ZDashboard,
} from '../../shared/staff-schema';

export const customersRouter = router({
  list: permissionProcedure('customers.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/customers',
        tags: ['customers'],
        summary:
          'Customers with their orders, appointments, spend and activity (?search=&tag=&page=; ?email= the one with that e-mail, exactly, whatever its case; with limit, cursor or updatedSince, one page walked by updatedAt)',
      }),
    )
    .input(ZCustomersInput)
    .output(checkedOncePerValue(ZCustomersPage))
    // A page is as fresh as the figures on it: at most a few seconds old (figures-cache.ts).
    .query(async ({ ctx, input }) =>
      // A walk reads the rows as they are now; the screen's pages may be a few seconds old.
      // (A copy: the check would otherwise narrow `input` itself, every field being optional.)
      isPaged({ ...input })
        ? pageBody(ctx, await listCustomers(ctx.db, input, ctx.figures))
        : ctx.figures.get(
            `customers:${input?.page ?? 1}:${input?.tag ?? ''}:${input?.search?.trim() ?? ''}:${input?.email?.toLowerCase() ?? ''}`,
            () => listCustomers(ctx.db, input ?? {}, ctx.figures),
          ),
    ),

  create: permissionProcedure('customers.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/customers',
        tags: ['customers'],
        created: true,
        errors: { 409: 'Someone with this e-mail is already known: existingId names them' },
        summary: 'Add a customer (201); an e-mail already known is 409 with existingId',
      }),
    )
    .input(ZCreateCustomerInput)
    .output(ZCustomerRecord)
    .mutation(({ ctx, input }) => changingCustomers(ctx, createCustomer(ctx.db, ctx.user, input))),
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
        summary:
          'Every staff write, newest first (?page=); with limit, cursor or updatedSince, one page walked oldest first',
      }),
    )
    .input(ZAuditInput)
    .output(ZAuditPage)
    .query(async ({ ctx, input }) => pageBody(ctx, await listAuditLog(ctx.db, input ?? {}, requestLocale(ctx.req)))),
});
