import fp from 'fastify-plugin';
import type { AppServices } from '../api/context';
import { calendarFeedBody } from '../appointments/calendar-feed';

/**
 * GET /api/calendar-feeds/<token>.ics: a staff member's calendar subscription, read by calendar apps without
 * a cookie. A plain route because its answer is iCalendar text, not JSON; an unknown token is 404.
 */
export const calendarFeedPlugin = fp(
  async (app, deps: AppServices) => {
    app.get<{ Params: { file: string } }>('/api/calendar-feeds/:file', async (req, reply) => {
      const settings = await deps.settings.get();
      const body = await calendarFeedBody(deps.database.db, req.params.file, {
        publicUrl: deps.env.publicUrl,
        businessName: settings.businessName,
        defaultLocale: settings.defaultLocale,
        now: new Date(),
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    });
  },
  { name: 'storefront-calendar-feed', fastify: '5.x', dependencies: ['storefront-errors'] },
);
