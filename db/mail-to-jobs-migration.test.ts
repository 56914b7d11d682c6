import { expect, it } from 'vitest';
import { migratedBefore } from './migrated-before';

it('moves the mail outbox into jobs: pending mail is still sent, sent mail keeps its history', async () => {
  // The migrations as they were before jobs, then a database with mail in its outbox.
  const { client, migrateRest } = await migratedBefore('_jobs');
  await client.exec(`
    insert into mail_outbox (to_address, subject, text_body, ical_event, attempts, last_error, next_attempt_at)
      values ('a@example.com', 'Pending', 'Body A', null, 2, 'timeout', '2030-01-01T00:00:00Z'),
             ('b@example.com', 'Invitation', 'Body B', 'BEGIN:VCALENDAR', 0, null, now());
    insert into mail_outbox (to_address, subject, text_body, status, attempts, sent_at)
      values ('c@example.com', 'Sent', 'Body C', 'sent', 1, now());`);

  await migrateRest();
  const { rows } = await client.query<Record<string, unknown>>(
    `select kind, payload, status, attempts, last_error, run_at, finished_at is not null as finished
     from jobs order by payload->>'to'`,
  );
  expect(rows).toEqual([
    {
      kind: 'mail',
      payload: { to: 'a@example.com', subject: 'Pending', text: 'Body A' },
      status: 'pending',
      attempts: 2,
      last_error: 'timeout',
      run_at: new Date('2030-01-01T00:00:00Z'),
      finished: false,
    },
    expect.objectContaining({
      payload: { to: 'b@example.com', subject: 'Invitation', text: 'Body B', icalEvent: 'BEGIN:VCALENDAR' },
      status: 'pending',
      finished: false,
    }),
    expect.objectContaining({
      payload: { to: 'c@example.com', subject: 'Sent', text: 'Body C' },
      status: 'done',
      finished: true,
    }),
  ]);
  expect((await client.query(`select to_regclass('mail_outbox') as outbox`)).rows).toEqual([{ outbox: null }]);
  await client.close();
});
