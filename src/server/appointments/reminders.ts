import { z } from 'zod';
import { and, gt, inArray, sql } from 'drizzle-orm';
import { defineSubscriber } from '../events/subscriber';
import { selectStatement, type Database, type Tx } from '../../../db/client';
import { appointmentReminders, appointments } from '../../../db/schema/index';
import { liveStatuses, type AppointmentStatus } from '../../shared/appointment-schema';
import type { BusinessSettings } from '../../shared/settings';
import { cancelJobs, enqueueEach } from '../jobs/enqueue';
import { defineJob, type JobHandler } from '../jobs/define-job';
import { mailLanguage } from '../mail/mail-language';
import { enqueueMail } from '../mail/outbox';
import type { OutgoingMail } from '../mail/outgoing-mail';
import { getSettings, remindersResyncJobType } from '../settings/settings-service';
import { appointmentRow, type Row } from './appointment-rows';
import { appointmentDetails, buildInvitation, invitationOf } from './invitations';

/*
 * Reminder e-mails: one `reminder` job per appointment and offset, due at start − offset, keyed
 * `reminder:<appointmentId>:<offset>` so that scheduling again moves it instead of adding another. The job re-reads
 * the appointment when it runs and sends only for a live appointment whose reminder for this start and offset has
 * not gone (a row of appointment_reminders, written in the same transaction as the mail): at-least-once jobs give
 * exactly-once mail, and a cancelled, completed or no-show appointment never gets one even if its job survived.
 */

const MINUTE = 60_000;
const keyPrefix = (appointmentId: string) => `reminder:${appointmentId}:`;
const isLive = (status: AppointmentStatus) => (liveStatuses as readonly AppointmentStatus[]).includes(status);

/**
 * (Re)schedules an appointment's reminders in the caller's transaction: drops its pending ones, then queues one per
 * offset still ahead of now (an offset already past is skipped). A dead appointment gets none.
 */
export async function scheduleReminders(
  tx: Tx,
  appointment: { id: string; startsAt: Date; status: AppointmentStatus },
  offsets: readonly number[],
  now: Date,
) {
  await cancelJobs(tx, keyPrefix(appointment.id));
  if (isLive(appointment.status)) await queueReminders(tx, [appointment], offsets, now);
}

/**
 * Queues the reminders of appointments that have none pending (new ones), in the caller's transaction, in one
 * statement: one per appointment and offset still ahead of now.
 */
function queueReminders(
  tx: Tx,
  fresh: { id: string; startsAt: Date }[],
  offsets: readonly number[],
  now: Date,
): Promise<unknown> {
  return enqueueEach(
    tx,
    fresh.flatMap((appointment) =>
      offsets.flatMap((offsetMinutes) => {
        const runAt = new Date(appointment.startsAt.getTime() - offsetMinutes * MINUTE);
        if (runAt.getTime() <= now.getTime()) return [];
        const payload = { appointmentId: appointment.id, offsetMinutes };
        return [{ job: reminderKind, payload, runAt, uniqueKey: `${keyPrefix(appointment.id)}${offsetMinutes}` }];
      }),
    ),
    'replace',
  );
}

// When the appointments are and whether they are live.
const whenAndStatus = selectStatement<{ ids: string[] }, { id: string; startsAt: Date; status: AppointmentStatus }>(
  (db) =>
    db
      .select({ id: appointments.id, startsAt: appointments.startsAt, status: appointments.status })
      .from(appointments)
      .where(sql`${appointments.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/**
 * Every change that may move or end an appointment's reminders (a booking, a move, a cancellation, a status)
 * schedules them again from the appointment as it is when this runs: a booking queues them, a move moves them, an
 * appointment no longer live drops them. Reading the current row, two changes handled in either order end the same.
 */
export const reminderScheduling = defineSubscriber(
  'reminderScheduling',
  {
    on: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
    data: z.object({ id: z.string() }),
    when: ({ change }) => change !== undefined,
  },
  () => ({
    async runAll(tx, events) {
      const ids = [...new Set(events.map((event) => event.data.id))];
      const [{ reminderOffsetsMinutes }, rows] = await Promise.all([getSettings(tx), whenAndStatus(tx, { ids })]);
      const now = new Date();
      // A new appointment has no reminders to drop.
      const fresh = new Set(events.flatMap((event) => (event.change?.kind === 'booked' ? [event.data.id] : [])));
      // A booking announced once here is only queued (all of them in one statement); anything else is scheduled
      // again.
      const onlyBooked = (row: { id: string }) =>
        fresh.has(row.id) && events.filter((event) => event.data.id === row.id).length === 1;
      await Promise.all([
        queueReminders(
          tx,
          rows.filter((row) => onlyBooked(row) && isLive(row.status)),
          reminderOffsetsMinutes,
          now,
        ),
        ...rows.filter((row) => !onlyBooked(row)).map((row) => scheduleReminders(tx, row, reminderOffsetsMinutes, now)),
      ]);
    },
  }),
);

/** After the offsets change: every future live appointment's reminders follow the new offsets. */
async function rescheduleAllReminders(db: Database['db'], now: Date) {
  const { reminderOffsetsMinutes } = await getSettings(db);
  const future = await db
    .select({ id: appointments.id, startsAt: appointments.startsAt, status: appointments.status })
    .from(appointments)
    .where(and(inArray(appointments.status, [...liveStatuses]), gt(appointments.startsAt, now)));
  // In batches, each its own transaction: a large calendar does not hold one long transaction.
  for (let i = 0; i < future.length; i += 200) {
    await db.transaction(async (tx) => {
      for (const appointment of future.slice(i, i + 200))
        await scheduleReminders(tx, appointment, reminderOffsetsMinutes, now);
    });
  }
}

function reminderMail(row: Row, settings: BusinessSettings, publicUrl: string): OutgoingMail {
  const appointment = invitationOf(row);
  const language = mailLanguage(row.customer, settings);
  const profile = `${publicUrl.replace(/\/$/, '')}/profile`;
  return {
    to: row.customer.email,
    subject: language.say('mail.reminder.subject', {
      service: row.service?.name ?? language.say('mail.appointment.someService'),
      when: language.when(row.startsAt, settings.timezone),
    }),
    text: [
      language.say('mail.hello', { name: row.customer.firstName }),
      '',
      language.say('mail.reminder.intro'),
      '',
      // A reminder names no notes: the customer wrote them.
      ...appointmentDetails({ ...appointment, notes: '' }, language, settings.timezone),
      '',
      language.say('mail.reminder.change', { hours: settings.cancellationNoticeHours, url: profile }),
      '',
      settings.businessName,
    ].join('\n'),
    icalEvent: buildInvitation('booked', appointment, { settings, publicUrl }, language),
  };
}

/** The `reminder` job: sends one reminder if it is still wanted and has not gone. */
export const reminderKind = defineJob(
  'reminder',
  z.object({ appointmentId: z.string(), offsetMinutes: z.number().int() }),
  (deps: { database: Database; env: { publicUrl: string } }) =>
    reminderJob({ database: deps.database, publicUrl: deps.env.publicUrl }),
);

export function reminderJob(opts: {
  database: Database;
  publicUrl: string;
}): JobHandler<{ appointmentId: string; offsetMinutes: number }> {
  return {
    async run({ appointmentId, offsetMinutes }) {
      await opts.database.db.transaction(async (tx) => {
        const settings = await getSettings(tx);
        const row = await appointmentRow(tx, appointmentId);
        if (!row || !isLive(row.status) || !settings.reminderOffsetsMinutes.includes(offsetMinutes)) return;
        // Claims this reminder of this start: a second run (or a second instance) inserts nothing and sends nothing.
        const claimed = await tx
          .insert(appointmentReminders)
          .values({ appointmentId, offsetMinutes, startsAt: row.startsAt })
          .onConflictDoNothing()
          .returning({ appointmentId: appointmentReminders.appointmentId });
        if (claimed.length) await enqueueMail(tx, reminderMail(row, settings, opts.publicUrl));
      });
    },
  };
}

/** The `reminders-resync` job, queued when the offsets change. */
export const remindersResyncKind = defineJob(
  remindersResyncJobType.kind,
  remindersResyncJobType.schema,
  (opts: { database: Database }) => ({
    run: () => rescheduleAllReminders(opts.database.db, new Date()),
  }),
);
