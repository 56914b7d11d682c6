import { z } from 'zod';

/** The `webhook` job: one attempt at one delivery (src/server/webhooks/delivery.ts). */
export const ZWebhookJob = z.object({ deliveryId: z.string() });
export type WebhookJob = z.infer<typeof ZWebhookJob>;
