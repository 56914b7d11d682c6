import { expect, it } from 'vitest';
import { migratedBefore } from './migrated-before';

it("gives the entries about an erased customer's appointments and orders her name as a sentence, and no others", async () => {
  const { client, migrateRest } = await migratedBefore('_audit_names_erased_customer_as_sentence');
  const erased = '00000000-0000-4000-8000-000000000001';
  const named = '00000000-0000-4000-8000-000000000002';
  await client.exec(`
    insert into users (id, email, first_name, last_name) values
      ('${erased}', 'erased-${erased}@erased.invalid', 'Deleted', 'customer'),
      ('${named}', 'someone@example.com', 'Deleted', 'customer'),
      ('00000000-0000-4000-8000-000000000003', 'maya@example.com', 'Maya', 'Lee');
    insert into services (id, name, price, duration) values
      ('00000000-0000-4000-8000-000000000010', 'Facial', '60.00', 60);
    insert into appointments (id, service_id, employee_id, customer_id, starts_at, ends_at, duration, status) values
      ('00000000-0000-4000-8000-000000000020', '00000000-0000-4000-8000-000000000010',
       '00000000-0000-4000-8000-000000000003', '${erased}', '2026-01-01T10:00Z', '2026-01-01T11:00Z', 60, 'completed'),
      ('00000000-0000-4000-8000-000000000021', '00000000-0000-4000-8000-000000000010',
       '00000000-0000-4000-8000-000000000003', '${named}', '2026-01-02T10:00Z', '2026-01-02T11:00Z', 60, 'completed');
    insert into orders (id, user_id, total) values ('00000000-0000-4000-8000-000000000030', '${erased}', '12.50');
    insert into audit_log (action, entity, entity_id, summary, summary_template, summary_values) values
      ('appointment.created', 'appointment', '00000000-0000-4000-8000-000000000020',
       'Booked Facial for Deleted customer.', 'Booked {service} for {customer}.',
       '{"customer": "Deleted customer", "service": "Facial"}'),
      ('order.created', 'order', '00000000-0000-4000-8000-000000000030',
       'Placed order #1 for Deleted customer. (via API key Till)', '{summary} (via API key {key})',
       '{"key": "Till", "summary": {"template": "Placed order #{number} for {customer}.", "values": {"number": "1", "customer": "Deleted customer"}}}'),
      ('appointment.created', 'appointment', '00000000-0000-4000-8000-000000000021',
       'Booked Facial for Deleted customer.', 'Booked {service} for {customer}.',
       '{"customer": "Deleted customer", "service": "Facial"}');`);

  await migrateRest();
  const { rows } = await client.query<{ entity_id: string; summary: string; summary_values: unknown }>(
    `select entity_id, summary, summary_values from audit_log order by entity_id`,
  );
  const asSentence = { template: 'Deleted customer', values: {} };
  expect(rows).toEqual([
    {
      entity_id: '00000000-0000-4000-8000-000000000020',
      summary: 'Booked Facial for Deleted customer.',
      summary_values: { customer: asSentence, service: 'Facial' },
    },
    // A customer who is not erased keeps her name, whatever it is.
    {
      entity_id: '00000000-0000-4000-8000-000000000021',
      summary: 'Booked Facial for Deleted customer.',
      summary_values: { customer: 'Deleted customer', service: 'Facial' },
    },
    {
      entity_id: '00000000-0000-4000-8000-000000000030',
      summary: 'Placed order #1 for Deleted customer. (via API key Till)',
      summary_values: {
        key: 'Till',
        summary: { template: 'Placed order #{number} for {customer}.', values: { number: '1', customer: asSentence } },
      },
    },
  ]);
  await client.close();
});
