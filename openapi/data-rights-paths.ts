import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { PlainRoute } from '../src/server/api/openapi-operation';
import { deleteAccountAccess } from '../src/server/http/data-rights-http';
import { ZDeleteAccountInput, ZErased } from '../src/shared/data-rights-schema';

/** DELETE /api/auth/user (src/server/http/data-rights-http.ts): a plain route, as the REST adapter reads no DELETE body. */
export const dataRightsPaths: ZodOpenApiPathsObject = {
  '/auth/user': {
    delete: {
      operationId: 'auth-deleteAccount',
      summary: "Erase the signed-in customer's account",
      description:
        'The typed confirmation `{"confirm": "DELETE"}` is required. Future appointments are cancelled (the employee ' +
        'is told), chats and waitlist entries deleted, orders kept for the books with the person removed ("Deleted ' +
        'customer"), every session ended; the same e-mail can sign up again as a new person. A customer only: ' +
        'staff get 403.',
      tags: ['auth'],
      requestBody: { required: true, content: { 'application/json': { schema: ZDeleteAccountInput } } },
      responses: {
        '200': {
          description: 'Erased; the session cookie is cleared',
          content: { 'application/json': { schema: ZErased } },
        },
      },
    },
  },
};

/** The route as it enforces its access, and what only it knows; the document adds the rest (openapi-operation.ts). */
export const dataRightsRoutes: PlainRoute[] = [
  {
    method: 'DELETE',
    path: '/auth/user',
    access: deleteAccountAccess,
    errors: {
      400: 'The confirmation is not "DELETE", or a body that is not valid JSON',
      403: 'A staff member, an API key (a program, not a person), or a cross-site request',
    },
  },
];
