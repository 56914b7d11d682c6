import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import type { Env } from '../env';
import { JOBS_CHANNEL } from '../jobs/enqueue';
import { defineJob, type JobHandler } from '../jobs/define-job';
import { ZOutgoingMail, type OutgoingMail } from './outgoing-mail';
import { isErasedAddress } from '../../shared/customer-record-schema';

export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    icalEvent?: { method: string; filename: string; content: string };
  }): Promise<unknown>;
}

interface Logger {
  info(obj: object, msg: string): void;
  isLevelEnabled?(level: 'info'): boolean;
}

export const MAX_ATTEMPTS = 5;

/** The invitation's own METHOD, which mail clients expect to match the attachment's content type. */
const icalMethod = (ical: string) => /^METHOD:(\w+)/m.exec(ical)?.[1] ?? 'PUBLISH';

/**
 * The `mail` job: sends one queued mail with nodemailer. Without SMTP_URL (and no transport given) there is
 * none, so mail jobs stay pending (sent once SMTP is configured) and createUnsentMailLog prints them.
 */
function mailJob(opts: { env: Env; transport?: MailTransport }): JobHandler<OutgoingMail> | undefined {
  const { env } = opts;
  const transport = opts.transport ?? (env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined);
  if (!transport) return undefined;
  return {
    maxAttempts: MAX_ATTEMPTS,
    async run(mail) {
      await transport.sendMail({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.icalEvent && {
          icalEvent: { method: icalMethod(mail.icalEvent), filename: 'invite.ics', content: mail.icalEvent },
        }),
      });
    },
  };
}

/**
 * A `mail` job sends one queued mail (mail/outbox.ts queues them). None is queued to an erased customer's address,
 * whatever asks (a cancellation, an order's mail, a refund): it could only bounce, and nobody is to be written to
 * after an erasure.
 */
export const mailKind = defineJob('mail', ZOutgoingMail, mailJob, { refuses: (mail) => isErasedAddress(mail.to) });

/**
 * Without SMTP, writes each newly queued mail to the log (links included), so every flow can be finished
 * offline.
 */
export function createUnsentMailLog(opts: { database: Database; log: Logger }) {
  const { database, log } = opts;
  let unlisten: (() => Promise<void>) | undefined;

  async function logMail(id: string) {
    const [job] = await database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.kind, 'mail')));
    const mail = ZOutgoingMail.safeParse(job?.payload);
    if (mail.success)
      log.info(
        { mailId: id, to: mail.data.to, subject: mail.data.subject },
        `Mail kept in the outbox (SMTP_URL is not set):\n${mail.data.text}`,
      );
  }

  return {
    async start() {
      // A log that keeps no info lines would read every mail for nothing.
      if (log.isLevelEnabled?.('info') === false) return;
      unlisten = await database.listen(JOBS_CHANNEL, (payload) => {
        const [kind, id] = payload.split(':');
        if (kind === 'mail' && id) void logMail(id).catch(() => {});
      });
    },
    async stop() {
      await unlisten?.().catch(() => {});
    },
  };
}
