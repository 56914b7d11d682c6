import { z } from 'zod';
import { access } from '../server/access';
import { limits } from '../server/auth/rate-limit';
import { rateLimited } from '../server/http/rate-limit-middleware';
import {
  approveApplication,
  listApplications,
  rejectApplication,
  submitApplication,
} from '../server/employee-applications/application-service';
import { authedProcedure, procedure, rest, router } from '../server/trpc';
import {
  ZApproveApplicationInput,
  ZEmployeeApplication,
  ZEmployeeApplicationInput,
  ZRejectApplicationInput,
} from '../shared/employee-application-schema';

const tags = ['employee applications'];
const reviewErrors = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'No such application',
  409: 'Already reviewed, or the e-mail belongs to staff',
};

export const employeeApplicationsRouter = router({
  register: procedure
    .meta(
      rest(access.public, {
        method: 'POST',
        path: '/employee/register',
        tags,
        summary: 'Apply to join the team',
        errorResponses: {
          400: 'Invalid input',
          409: 'Already applied, or already staff',
          429: 'Too many applications',
        },
      }),
    )
    .use(rateLimited({ rule: limits.registerPerIp, by: 'ip' }))
    .input(ZEmployeeApplicationInput)
    .output(ZEmployeeApplication)
    .mutation(({ ctx, input }) => submitApplication(ctx.db, input)),

  list: procedure
    .meta(
      rest(access.admin, {
        method: 'GET',
        path: '/admin/employee-applications',
        tags,
        summary: 'All applications, newest first',
      }),
    )
    .input(z.void())
    .output(z.array(ZEmployeeApplication))
    .query(({ ctx }) => listApplications(ctx.db)),

  approve: authedProcedure
    .meta(
      rest(access.admin, {
        method: 'PUT',
        path: '/admin/employee-applications/{id}/approve',
        tags,
        summary: 'Approve: creates the employee account and mails a set-password link',
        errorResponses: reviewErrors,
      }),
    )
    .input(ZApproveApplicationInput)
    .output(ZEmployeeApplication)
    .mutation(({ ctx, input }) => approveApplication(ctx.db, ctx.user.id, input, { publicUrl: ctx.env.publicUrl })),

  reject: authedProcedure
    .meta(
      rest(access.admin, {
        method: 'PUT',
        path: '/admin/employee-applications/{id}/reject',
        tags,
        summary: 'Reject with a reason (final); the reason is mailed to the applicant',
        errorResponses: reviewErrors,
      }),
    )
    .input(ZRejectApplicationInput)
    .output(ZEmployeeApplication)
    .mutation(({ ctx, input }) => rejectApplication(ctx.db, ctx.user.id, input)),
});
