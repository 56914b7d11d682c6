import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { appointments, calendarFeeds, users } from '../../../db/schema/index';
import { liveStatuses } from '../../shared/appointment-schema';
import { AppError } from '../app-error';
import { hashToken as sha256 } from '../auth/sessions';
import { mailLanguage } from '../mail/mail-language';
import type { Locale } from '../../shared/i18n/locales';
import { selectAppointments } from './appointment-rows';
import { writeCalendar } from './icalendar';
import { invitationOf, invitationUid, placeOf } from './invitations';
import { isErasedAddress } from '../../shared/customer-record-schema';

/**
 * A staff member's private calendar subscription: a URL that Google Calendar, Apple Calendar or Outlook poll
 * without a cookie, answering their pending and confirmed appointments from 30 days back to 180 days ahead.
 *
 * The token in the URL is HMAC-SHA256(secret, user id and a random nonce): 256 bits nobody can guess, which the
 * server can show again (GET) without keeping it. The table holds the nonce and the token's SHA-256 (to find the
 * row from a request); a copy of the table without the secret yields no working URL. Rotating draws a new nonce.
 */

export interface FeedEnv {
  /** The server secret the tokens are derived under. */
  secret: string;
  publicUrl: string;
}

/** The feed's part of the environment. SESSION_SECRET is required in production; elsewhere a fixed one will do. */
export const feedEnvOf = (env: { SESSION_SECRET?: string; publicUrl: string }): FeedEnv => ({
  secret: env.SESSION_SECRET ?? 'development-only-calendar-feed-secret',
  publicUrl: env.publicUrl,
});

const FEED_PATH = '/api/calendar-feeds/';
const DAY = 24 * 60 * 60_000;
const NOT_FOUND = 'Calendar feed not found';

const tokenOf = (userId: string, nonce: string, secret: string) =>
  createHmac('sha256', secret).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');
const urlOf = (token: string, publicUrl: string) => `${publicUrl.replace(/\/$/, '')}${FEED_PATH}${token}.ics`;

async function writeFeed(db: Tx, userId: string, env: FeedEnv, nonce = randomBytes(16).toString('hex')) {
  const token = tokenOf(userId, nonce, env.secret);
  const tokenHash = sha256(token);
  await db
    .insert(calendarFeeds)
    .values({ userId, nonce, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { nonce, tokenHash, createdAt: new Date() } });
  return { url: urlOf(token, env.publicUrl) };
}

/** The caller's feed URL, made on first use. */
export async function getCalendarFeedUrl(db: Tx, userId: string, env: FeedEnv): Promise<{ url: string }> {
  const [feed] = await db
    .select({ nonce: calendarFeeds.nonce, tokenHash: calendarFeeds.tokenHash })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  if (!feed) return writeFeed(db, userId, env);
  const token = tokenOf(userId, feed.nonce, env.secret);
  // A changed server secret changes the token: the row follows it, so the URL shown is the one that works.
  if (sha256(token) !== feed.tokenHash) return writeFeed(db, userId, env, feed.nonce);
  return { url: urlOf(token, env.publicUrl) };
}

/** A new URL for the caller; the old one answers 404 from this moment. */
export function rotateCalendarFeed(db: Tx, userId: string, env: FeedEnv): Promise<{ url: string }> {
  return writeFeed(db, userId, env);
}

/** The iCalendar text of the feed a URL's last segment (`<token>.ics`) names; unknown tokens are 404. */
export async function calendarFeedBody(
  db: Tx,
  file: string,
  env: { publicUrl: string; businessName: string; defaultLocale: Locale; now: Date },
): Promise<string> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
  if (!/^[\w-]{20,100}$/.test(token)) throw new AppError('NOT_FOUND', NOT_FOUND);
  // The owner is who reads the feed: its texts are in their language.
  const [feed] = await db
    .select({ userId: calendarFeeds.userId, email: users.email, locale: users.locale })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, sha256(token)));
  if (!feed) throw new AppError('NOT_FOUND', NOT_FOUND);
  const { say } = mailLanguage(feed, env);
  const rows = await selectAppointments(db)
    .where(
      and(
        eq(appointments.employeeId, feed.userId),
        inArray(appointments.status, [...liveStatuses]),
        gte(appointments.startsAt, new Date(env.now.getTime() - 30 * DAY)),
        lt(appointments.startsAt, new Date(env.now.getTime() + 180 * DAY)),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return writeCalendar({
    method: 'PUBLISH',
    name: say('mail.calendar.name', { business: env.businessName }),
    now: env.now,
    events: rows.map((row) => ({
      uid: invitationUid(row.id, env.publicUrl),
      sequence: row.sequence,
      start: row.startsAt,
      end: new Date(row.startsAt.getTime() + row.duration * 60_000),
      summary: say('mail.calendar.eventTitle', {
        service: row.service?.name ?? say('mail.appointment.someService'),
        // An erased customer's past visits stay in the feed, named as the screens name her.
        customer: isErasedAddress(row.customer.email) ? say('customers.deleted') : row.customer.firstName,
      }).trim(),
      description: row.notes || undefined,
      location: placeOf(invitationOf(row)),
      status: row.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
    })),
  });
}
