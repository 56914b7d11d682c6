import type { BookingEnv } from '../appointments/appointment-service';
import type { Context } from './context';

/** What the booking services need of a request's context: the settings, the time, the public URL and payments. */
export async function bookingEnv(ctx: Context): Promise<BookingEnv> {
  return { settings: await ctx.settings.get(), now: new Date(), publicUrl: ctx.env.publicUrl, payments: ctx.payments };
}
