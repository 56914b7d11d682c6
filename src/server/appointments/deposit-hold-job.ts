import { z } from 'zod';

/** The `depositHold` job: at the end of the hold, a deposit still unpaid is expired and its bookings cancelled. */
const ZDepositHoldJob = z.object({ provider: z.string(), reference: z.string() });

/**
 * Its kind as the booking queues it; the handler (deposit-settlement.ts, `depositHoldKind`) cancels bookings and so
 * imports the booking service, which queues this: the name and schema stand alone.
 */
export const depositHoldJobType = { kind: 'depositHold', schema: ZDepositHoldJob } as const;
export type DepositHoldJob = z.infer<typeof ZDepositHoldJob>;
