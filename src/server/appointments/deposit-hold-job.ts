import { z } from 'zod';

/** The `depositHold` job: at the end of the hold, a deposit still unpaid is expired and its bookings cancelled. */
export const ZDepositHoldJob = z.object({ provider: z.string(), reference: z.string() });
