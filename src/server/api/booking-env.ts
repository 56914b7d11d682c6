import type { BookingEnv } from '../appointments/appointment-service';
import type { Context } from './context';
import { requestLocale } from './request-locale';

/**
 * What the booking services need of a request's context: the settings, the time, the public URL, payments, and
 * the request's language (the page's, which the client sends as Accept-Language).
 */
export async function bookingEnv(ctx: Context): Promise<BookingEnv> {
  return {
    settings: await ctx.settings.get(),
    now: new Date(),
    publicUrl: ctx.env.publicUrl,
    payments: ctx.payments,
    locale: requestLocale(ctx.req),
  };
}
