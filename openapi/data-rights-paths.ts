import type { ZodOpenApiPathsObject } from 'zod-openapi';
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
        'staff get 403, and so does an API key (a program, not a person).',
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

export const dataRightsErrors: [string, Record<number, string>][] = [
  [
    'delete /auth/user',
    {
      400: 'The confirmation is not "DELETE"',
      401: 'Not signed in',
      403: 'A staff member, or an API key (a program, not a person)',
    },
  ],
];
