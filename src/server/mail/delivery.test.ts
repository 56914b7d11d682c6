import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import { createJobRunner, type JobRunnerOptions } from '../jobs/runner';
import { createTestDatabase, queuedMail, testEnv } from '../../testing/test-server';
import { createUnsentMailLog, mailKind, MAX_ATTEMPTS, type MailTransport } from './delivery';
import { enqueueMail, enqueueMails } from './outbox';
import { enqueueEach } from '../jobs/enqueue';
import { erasedEmail } from '../customers/erased';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const quiet = { info() {}, warn() {}, error() {} };
const env = testEnv({ MAIL_FROM: 'Shop <shop@example.com>' });

/** The mail job runner of one app instance (with a transport), or the log of unsent mail (without). */
function createMailDelivery(opts: { log: JobRunnerOptions['log']; transport?: MailTransport }) {
  const runner = createJobRunner({ database, log: opts.log, jobs: [mailKind.with({ env, ...opts })] });
  const unsent = opts.transport ? undefined : createUnsentMailLog({ database, log: opts.log });
  return {
    deliverDue: runner.runDue,
    start: () => Promise.all([runner.start(), unsent?.start()]),
    stop: () => Promise.all([runner.stop(), unsent?.stop()]),
  };
}

function recordingTransport(fail = false) {
  const sent: { from: string; to: string; subject: string; text: string }[] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('SMTP said no');
      sent.push(message);
    },
  };
  return { sent, transport };
}

describe('mail outbox', () => {
  it('mail exists only if the transaction that queued it commits', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'a@example.com', subject: 'Hi', text: 'Body' });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await queuedMail(database.db)).toHaveLength(0);
    await database.db.transaction((tx) => enqueueMail(tx, { to: 'a@example.com', subject: 'Hi', text: 'Body' }));
    expect(await queuedMail(database.db)).toHaveLength(1);
  });

  it('queues nothing to an erased customer, however the mail is queued; the others of a batch are queued', async () => {
    const erased = erasedEmail('0f8c6d1e-0000-4000-8000-000000000001');
    const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hello Deleted,' });
    await database.db.transaction(async (tx) => {
      expect(await enqueueMail(tx, mail(erased))).toBeNull();
      await enqueueMails(tx, [mail(erased), mail('kept@example.com')]);
      await enqueueEach(tx, [
        { job: mailKind, payload: mail(erased.toUpperCase()), uniqueKey: 'erased-test:1' },
        { job: mailKind, payload: mail('kept@example.com'), uniqueKey: 'erased-test:2' },
      ]);
    });
    expect((await queuedMail(database.db)).map((queued) => queued.to)).toEqual([
      'kept@example.com',
      'kept@example.com',
    ]);
  });

  it('delivers through the transport and marks the row sent', async () => {
    const { sent, transport } = recordingTransport();
    const delivery = createMailDelivery({ log: quiet, transport });
    await enqueueMail(database.db, { to: 'b@example.com', subject: 'Approved', text: 'Link: http://x/y' });
    expect(await delivery.deliverDue()).toBe(1);
    expect(sent).toEqual([
      { from: 'Shop <shop@example.com>', to: 'b@example.com', subject: 'Approved', text: 'Link: http://x/y' },
    ]);
    const [row] = await queuedMail(database.db);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect(row!.finishedAt).toBeInstanceOf(Date);
  });

  it('is woken by the commit of a queued mail (LISTEN/NOTIFY)', async () => {
    const { sent, transport } = recordingTransport();
    const delivery = createMailDelivery({ log: quiet, transport });
    await delivery.start();
    try {
      await database.db.transaction((tx) => enqueueMail(tx, { to: 'c@example.com', subject: 'Woken', text: 'x' }));
      await expect.poll(() => sent.length, { timeout: 3000 }).toBe(1);
    } finally {
      await delivery.stop();
    }
  });

  it('retries a failed send later and gives up after the last attempt', async () => {
    const { transport } = recordingTransport(true);
    const delivery = createMailDelivery({ log: quiet, transport });
    const id = (await enqueueMail(database.db, { to: 'd@example.com', subject: 'S', text: 'T' }))!;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await delivery.deliverDue()).toBe(0);
      const [row] = (await queuedMail(database.db)).filter((mail) => mail.id === id);
      expect(row).toMatchObject({
        attempts: attempt,
        lastError: 'SMTP said no',
        status: attempt === MAX_ATTEMPTS ? 'failed' : 'pending',
      });
      expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
      // Not due again until the back-off has passed.
      expect(await delivery.deliverDue()).toBe(0);
      await database.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, id));
    }
  });

  it('two workers (as on two app instances) never send one message twice', async () => {
    const a = recordingTransport();
    const b = recordingTransport();
    for (let i = 0; i < 20; i++) await enqueueMail(database.db, { to: `m${i}@example.com`, subject: 'S', text: 'T' });
    const one = createMailDelivery({ log: quiet, transport: a.transport });
    const two = createMailDelivery({ log: quiet, transport: b.transport });
    await Promise.all([one.deliverDue(), two.deliverDue()]);
    const recipients = [...a.sent, ...b.sent].map((m) => m.to).sort();
    expect(recipients).toHaveLength(20);
    expect(new Set(recipients).size).toBe(20);
  });

  it('without SMTP_URL the mail stays in the outbox and the log prints it, link included', async () => {
    const lines: string[] = [];
    const log = { ...quiet, info: (_obj: object, msg: string) => void lines.push(msg) };
    const delivery = createMailDelivery({ log });
    await delivery.start();
    try {
      await database.db.transaction((tx) =>
        enqueueMail(tx, {
          to: 'e@example.com',
          subject: 'Set your password',
          text: 'Open http://localhost/employee/set-password?token=abc',
        }),
      );
      await expect.poll(() => lines.join('\n'), { timeout: 3000 }).toContain('/employee/set-password?token=abc');
      expect(await delivery.deliverDue()).toBe(0);
      const [row] = await queuedMail(database.db);
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await delivery.stop();
    }
  });
});
