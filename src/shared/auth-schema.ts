import { z } from 'zod';
import { issueMessage } from './i18n/sentence';
import { ZUser } from './user';

// Shared by the employee login form and the server, so both say the same thing (docs/sign-in.md).

export const MIN_NEW_PASSWORD_LENGTH = 12;
// argon2 cost does not depend on length, but there is no reason to accept megabytes.
const MAX_PASSWORD_LENGTH = 256;

export const ZEmployeeLoginInput = z.object({
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(320, 'Invalid email address')
    .pipe(z.email({ error: 'Invalid email address' })),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(
      MAX_PASSWORD_LENGTH,
      issueMessage('Password must be at most {max} characters', { max: String(MAX_PASSWORD_LENGTH) }),
    ),
});
export type EmployeeLoginInput = z.infer<typeof ZEmployeeLoginInput>;

export const ZSignedIn = z.object({ user: ZUser });
z.globalRegistry.add(ZSignedIn, { id: 'SignedIn' });

export const ZNewPassword = z
  .string({ error: 'Password is required' })
  .min(
    MIN_NEW_PASSWORD_LENGTH,
    issueMessage('Password must be at least {min} characters', { min: String(MIN_NEW_PASSWORD_LENGTH) }),
  )
  .max(
    MAX_PASSWORD_LENGTH,
    issueMessage('Password must be at most {max} characters', { max: String(MAX_PASSWORD_LENGTH) }),
  );

export const ZSetPasswordInput = z.object({
  token: z
    .string({ error: 'This link is not valid.' })
    .min(1, 'This link is not valid.')
    .max(200, 'This link is not valid.'),
  password: ZNewPassword,
});

const passwordTokenStates = ['valid', 'used', 'expired', 'invalid'] as const;
export const ZPasswordTokenStatus = z.object({
  status: z.enum(passwordTokenStates),
  /** Only for a valid link: whose password is being set. */
  email: z.string().nullable(),
  firstName: z.string().nullable(),
});
z.globalRegistry.add(ZPasswordTokenStatus, { id: 'PasswordTokenStatus' });
export type PasswordTokenStatus = z.infer<typeof ZPasswordTokenStatus>;

export const ZSuccess = z.object({ success: z.literal(true) });
z.globalRegistry.add(ZSuccess, { id: 'Success' });

/** What a set-password link that cannot be used says, on the page and in the API's 400. */
export const passwordTokenMessages = {
  used: 'This link has already been used. Please sign in with your password.',
  expired: 'This link has expired. Please ask an administrator to send a new one.',
  invalid: 'This link is not valid. Please check that you copied the whole link from the e-mail.',
} as const;

/** The set-password form: the new password twice. Both messages show at once, so the mismatch check always runs. */
export const ZSetPasswordForm = z
  .object({ password: ZNewPassword, confirm: z.string() })
  .refine((v) => v.confirm === v.password, { message: 'Passwords do not match', path: ['confirm'], when: () => true });
