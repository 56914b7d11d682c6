import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { appointments, jobs } from '../../../db/schema/index';
import { liveStatuses } from '../../shared/appointment-schema';
import { defineSubscriber } from '../events/subscriber';
import { mailLanguage } from '../mail/mail-language';
import { mailKind } from '../mail/delivery';
import { enqueueMail } from '../mail/outbox';
import { getSettings } from '../settings/settings-service';
import { selectAppointments, type Row } from './appointment-rows';

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
      const booked = await selectAppointments(tx).where(
        inArray(
          appointments.id,
          events.map((event) => event.data.id),
        ),
      );
      const sessions = new Map(
        booked.flatMap((row) =>
          row.sessionId && row.service && row.serviceCapacity !== null ? [[row.sessionId, row] as const] : [],
        ),
      );
      if (!sessions.size) return;
      const seats = await tx
        .select({ id: appointments.id, sessionId: appointments.sessionId, createdAt: appointments.createdAt })
        .from(appointments)
        .where(and(inArray(appointments.sessionId, [...sessions.keys()]), inArray(appointments.status, liveStatuses)))
        .orderBy(asc(appointments.id));
      for (const [sessionId, row] of sessions) {
        const held = seats.filter((seat) => seat.sessionId === sessionId);
        if (held.length >= row.serviceCapacity!) await tellFull(tx, row, held, deps.env.publicUrl);
      }
    },
  }),
);

/** Queues the employee's mail about a full session, unless this filling (these seats' holders) was told already. */
async function tellFull(tx: Tx, booked: Row, seats: { id: string; createdAt: Date }[], publicUrl: string) {
  const holders = createHash('sha256')
    .update(seats.map((seat) => seat.id).join(','))
    .digest('hex')
    .slice(0, 16);
  const uniqueKey = `class-full:${booked.sessionId}:${holders}`;
  // The key of a mail already sent is no longer pending: it is looked for whatever its state, among the mails queued
  // since the first of these seats was booked (the index by kind and time; a look by key alone would read every job
  // ever run).
  const since = new Date(Math.min(...seats.map((seat) => seat.createdAt.getTime())));
  const [told] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, mailKind.kind), gte(jobs.createdAt, since), eq(jobs.uniqueKey, uniqueKey)))
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
