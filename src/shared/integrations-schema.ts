import { z } from 'zod';
import { zInstantInput } from './wire-formats';
import { issueMessage } from './i18n/sentence';
import { ZPermissionList } from './staff-schema';

/** API keys and their answers (docs/integrations.md). The server validates with these and the admin dialog too. */

export const integrationMessages = {
  nameRequired: 'API key name is required.',
  expiryInPast: 'The expiry must be in the future.',
  invalidKey: 'Invalid or revoked API key.',
  keyNotFound: 'API key not found',
  notAPerson: "An API key can't act as a customer.",
  nameTheCustomer: 'An API key acts for no one of its own: name the customer with customerId.',
} as const;

const API_KEY_NAME_MAX = 100;

export const ZCreateApiKeyInput = z.object({
  name: z
    .string({ error: integrationMessages.nameRequired })
    .trim()
    .min(1, integrationMessages.nameRequired)
    .max(
      API_KEY_NAME_MAX,
      issueMessage('API key names are at most {max} characters.', { max: String(API_KEY_NAME_MAX) }),
    ),
  permissions: ZPermissionList,
  expiresAt: zInstantInput('The expiry must be a date and time (ISO 8601).')
    .nullish()
    .refine((v) => !v || Date.parse(v) > Date.now(), integrationMessages.expiryInPast),
});
export type CreateApiKeyInput = z.infer<typeof ZCreateApiKeyInput>;

const ZCreator = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdBy: ZCreator,
});
z.globalRegistry.add(ZApiKey, { id: 'ApiKey' });
export type ApiKey = z.infer<typeof ZApiKey>;

/** The create answer: the only time the key itself is sent. */
export const ZCreatedApiKey = ZApiKey.extend({
  key: z.string().meta({ description: 'The key to send as `Authorization: Bearer <key>`. Shown only in this answer.' }),
});
z.globalRegistry.add(ZCreatedApiKey, { id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof ZCreatedApiKey>;

/** The day an expiry date field names, as the instant the key stops working: the end of that day, local time. */
export const expiryFromDay = (day: string): string | null =>
  day ? new Date(`${day}T23:59:59.999`).toISOString() : null;

/** The create dialog's form: the same name rule, permissions ticked, and an optional last day. */
export const ZApiKeyForm = z.object({
  name: ZCreateApiKeyInput.shape.name,
  permissions: z.array(z.string()),
  expiresOn: z.string().refine((day) => !day || Date.parse(expiryFromDay(day)!) > Date.now(), {
    message: integrationMessages.expiryInPast,
  }),
});
