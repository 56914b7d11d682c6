import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { appointments, jobs } from '../../../db/schema/index';
import { liveStatuses } from '../../shared/appointment-schema';
import { defineSubscriber } from '../events/subscriber';
import { mailLanguage } from '../mail/mail-language';
import { enqueueMail } from '../mail/outbox';
import { getSettings } from '../settings/settings-service';
import { selectAppointments } from './appointment-rows';

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
  (deps: { database: Database; env: { publicUrl: string } }) => ({
    async run({ data }) {
      await deps.database.db.transaction(async (tx) => {
        const [booked] = await selectAppointments(tx).where(eq(appointments.id, data.id));
        if (!booked?.sessionId || !booked.service || booked.serviceCapacity === null) return;
        const capacity = booked.serviceCapacity;
        const seats = await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.sessionId, booked.sessionId), inArray(appointments.status, liveStatuses)))
          .orderBy(asc(appointments.id));
        if (seats.length < capacity) return;
        const holders = createHash('sha256')
          .update(seats.map((seat) => seat.id).join(','))
          .digest('hex')
          .slice(0, 16);
        const uniqueKey = `class-full:${booked.sessionId}:${holders}`;
        // The key of a mail already sent is no longer pending: it is looked for whatever its state.
        const [told] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.uniqueKey, uniqueKey)).limit(1);
        if (told) return;
        const settings = await getSettings(tx);
        const { employee } = booked;
        const language = mailLanguage(employee, settings);
        const service = booked.service.name;
        const when = language.when(booked.startsAt, settings.timezone);
        await enqueueMail(
          tx,
          {
            to: employee.email,
            subject: language.say('mail.classFull.subject', { service, when }),
            text: [
              language.say('mail.hello', { name: employee.firstName }),
              '',
              language.say('mail.classFull.body', { service, when, capacity }),
              language.say('mail.classFull.list', { url: `${deps.env.publicUrl.replace(/\/$/, '')}/employee` }),
              '',
              settings.businessName,
            ].join('\n'),
          },
          { uniqueKey },
        );
      });
    },
  }),
);
