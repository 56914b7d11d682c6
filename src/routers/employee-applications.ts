import { z } from 'zod';
import { limits } from '../server/auth/rate-limit';
import { rateLimited } from '../server/http/rate-limit-middleware';
import {
  approveApplication,
  listApplications,
  rejectApplication,
  submitApplication,
} from '../server/employee-applications/application-service';
import { adminProcedure, publicProcedure, rest, router } from '../server/api/trpc';
import {
  ZApproveApplicationInput,
  ZEmployeeApplication,
  ZEmployeeApplicationInput,
  ZRejectApplicationInput,
} from '../shared/employee-application-schema';

const tags = ['employee applications'];
const reviewErrors = {
  404: 'No such application',
  409: 'Already reviewed, or the e-mail belongs to staff',
};

export const employeeApplicationsRouter = router({
  register: publicProcedure
    .meta(
      rest({
        method: 'POST',
        path: '/employee/register',
        tags,
        summary: 'Apply to join the team',
        errors: {
          409: 'Already applied, or already staff',
          429: 'Too many applications',
        },
      }),
    )
    .use(rateLimited({ rule: limits.registerPerIp, by: 'ip' }))
    .input(ZEmployeeApplicationInput)
    .output(ZEmployeeApplication)
    .mutation(({ ctx, input }) => submitApplication(ctx.db, input)),

  list: adminProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/admin/employee-applications',
        tags,
        summary: 'All applications, newest first',
      }),
    )
    .input(z.void())
    .output(z.array(ZEmployeeApplication))
    .query(({ ctx }) => listApplications(ctx.db)),

  approve: adminProcedure
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/employee-applications/{id}/approve',
        tags,
        summary: 'Approve: creates the employee account and mails a set-password link',
        errors: reviewErrors,
      }),
    )
    .input(ZApproveApplicationInput)
    .output(ZEmployeeApplication)
    .mutation(({ ctx, input }) => approveApplication(ctx.db, ctx.user.id, input, { publicUrl: ctx.env.publicUrl })),

  reject: adminProcedure
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/employee-applications/{id}/reject',
        tags,
        summary: 'Reject with a reason (final); the reason is mailed to the applicant',
        errors: reviewErrors,
      }),
    )
    .input(ZRejectApplicationInput)
    .output(ZEmployeeApplication)
    .mutation(({ ctx, input }) => rejectApplication(ctx.db, ctx.user.id, input)),
});
