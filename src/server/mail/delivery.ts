import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../../db/client';
import { mailOutbox } from '../../../db/schema/index';
import type { Env } from '../env';
import { MAIL_CHANNEL } from './outbox';

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
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const MAX_ATTEMPTS = 5;

/** The invitation's own METHOD, which mail clients expect to match the attachment's content type. */
const icalMethod = (ical: string) => /^METHOD:(\w+)/m.exec(ical)?.[1] ?? 'PUBLISH';
// While a worker sends, the row is leased for this long; a crash mid-send means a retry after it.
const LEASE = sql`interval '5 minutes'`;
const POLL_MS = 30_000;
const backoffMinutes = (attempts: number) => [1, 5, 15, 60][Math.min(attempts - 1, 3)]!;

/**
 * Delivers queued mail with nodemailer when SMTP_URL is set. Without it, mail stays in the outbox and
 * each new message is written to the log (links included), so every flow can be finished offline.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several app instances never send the
 * same message twice at once.
 */
export function createMailDelivery(opts: { database: Database; env: Env; log: Logger; transport?: MailTransport }) {
  const { database, env, log } = opts;
  const transport: MailTransport | null =
    opts.transport ?? (env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null);
  let running: Promise<number> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  async function claimOne() {
    const due = database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [mail] = await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + ${LEASE}`, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        ical: mailOutbox.icalEvent,
        attempts: mailOutbox.attempts,
      });
    return mail;
  }

  async function deliverBatch(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (let i = 0; i < 50; i++) {
      const mail = await claimOne();
      if (!mail) break;
      try {
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.ical && {
            icalEvent: { method: icalMethod(mail.ical), filename: 'invite.ics', content: mail.ical },
          }),
        });
        await database.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
          .where(eq(mailOutbox.id, mail.id));
        sent += 1;
      } catch (error) {
        const message = (error as Error).message.slice(0, 500);
        const attempts = mail.attempts;
        const failed = attempts >= MAX_ATTEMPTS;
        await database.db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            lastError: message,
            nextAttemptAt: sql`now() + make_interval(mins => ${backoffMinutes(attempts)})`,
          })
          .where(eq(mailOutbox.id, mail.id));
        log.warn(
          { mailId: mail.id, attempts, error: message },
          failed ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
        );
      }
    }
    return sent;
  }

  /** Sends everything that is due; concurrent calls coalesce into one run plus one follow-up. */
  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = deliverBatch()
      .catch((error: Error) => {
        log.error({ err: error }, 'mail delivery run failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void deliverDue();
        }
      });
    return running;
  }

  async function logUndelivered(id: string) {
    const [mail] = await database.db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    if (mail)
      log.info(
        { mailId: id, to: mail.to, subject: mail.subject },
        `Mail kept in the outbox (SMTP_URL is not set):\n${mail.text}`,
      );
  }

  return {
    deliverDue,
    async start() {
      unlisten = await database.listen(MAIL_CHANNEL, (id) => {
        if (transport) void deliverDue();
        else void logUndelivered(id).catch(() => {});
      });
      if (transport) {
        timer = setInterval(() => void deliverDue(), POLL_MS);
        timer.unref();
        void deliverDue();
      }
    },
    async stop() {
      clearInterval(timer);
      await unlisten?.().catch(() => {});
      await running;
    },
  };
}
