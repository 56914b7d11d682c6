import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectStatement, type Tx } from '../../../db/client';
import { appointments, jobs } from '../../../db/schema/index';
import { liveStatuses } from '../../shared/appointment-schema';
import { defineSubscriber } from '../events/subscriber';
import { mailLanguage } from '../mail/mail-language';
import { enqueueMail } from '../mail/outbox';
import { getSettings } from '../settings/settings-service';
import { appointmentsByIds, type Row } from './appointment-rows';

/**
 * Tells the employee by e-mail when a booking fills their class: every seat of the session taken. Once per filling:
 * the mail's key names the session and who holds its seats, so a second run of this job (or the booking of another
 * seat that this one raced) queues nothing more, and a class that fills again after a cancellation is told again.
 */
export const classFullMail = defineSubscriber(
  'classFullMail',
  {
    on: ['appointment.created'],
    data: z.object({ id: z.string(), sessionId: z.string().nullable() }),
    when: ({ data }) => data.sessionId !== null,
  },
  (deps: { env: { publicUrl: string } }) => ({
    // Only rows of this database (the mail is queued, not sent): the bookings claimed together are looked at
    // together, each session once however many of its seats they booked.
    async runAll(tx, events) {
      const booked = await appointmentsByIds(tx, { ids: events.map((event) => event.data.id) });
      const sessions = new Map(
        booked.flatMap((row) =>
          row.sessionId && row.service && row.serviceCapacity !== null ? [[row.sessionId, row] as const] : [],
        ),
      );
      if (!sessions.size) return;
      const seats = await liveSeats(tx, { sessionIds: [...sessions.keys()] });
      for (const [sessionId, row] of sessions) {
        const held = seats.filter((seat) => seat.sessionId === sessionId);
        if (held.length >= row.serviceCapacity!) await tellFull(tx, row, held, deps.env.publicUrl);
      }
    },
  }),
);

// The live seats of the sessions, in the order of their ids (the holders' names for the mail's key).
const liveSeats = selectStatement<{ sessionIds: string[] }, { id: string; sessionId: string | null }>((db) =>
  db
    .select({ id: appointments.id, sessionId: appointments.sessionId })
    .from(appointments)
    .where(
      and(
        sql`${appointments.sessionId} = any(${sql.placeholder('sessionIds')}::uuid[])`,
        inArray(appointments.status, liveStatuses),
      ),
    )
    .orderBy(asc(appointments.id)),
);

/** Queues the employee's mail about a full session, unless this filling (these seats' holders) was told already. */
async function tellFull(tx: Tx, booked: Row, seats: { id: string }[], publicUrl: string) {
  const holders = createHash('sha256')
    .update(seats.map((seat) => seat.id).join(','))
    .digest('hex')
    .slice(0, 16);
  const uniqueKey = `class-full:${booked.sessionId}:${holders}`;
  // The key of a mail already sent is no longer pending: it is looked for whatever its state, through the index of
  // mails by key (its kind written as the index's predicate is, so that any plan can use it).
  const [told] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(sql`${jobs.kind} = 'mail'`, eq(jobs.uniqueKey, uniqueKey)))
    .limit(1);
  if (told) return;
  const settings = await getSettings(tx);
  const { employee } = booked;
  const language = mailLanguage(employee, settings);
  const service = booked.service!.name;
  const when = language.when(booked.startsAt, settings.timezone);
  await enqueueMail(
    tx,
    {
      to: employee.email,
      subject: language.say('mail.classFull.subject', { service, when }),
      text: [
        language.say('mail.hello', { name: employee.firstName }),
        '',
        language.say('mail.classFull.body', { service, when, capacity: booked.serviceCapacity! }),
        language.say('mail.classFull.list', { url: `${publicUrl.replace(/\/$/, '')}/employee` }),
        '',
        settings.businessName,
      ].join('\n'),
    },
    { uniqueKey },
  );
}
