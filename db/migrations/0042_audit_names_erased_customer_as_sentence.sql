-- Entries about an erased customer's appointments and orders named her by the plain text "Deleted customer", which
-- every reader of the log got in English. They now name her by a sentence of its own (audit.ts, customerNamed),
-- which the log says in the reader's language: the entries written before are given it too. Only entries whose
-- appointment or order belongs to an erased customer (her row's e-mail is erased-<id>@erased.invalid) change.
UPDATE "audit_log" a
SET "summary_values" = replace(
  a."summary_values"::text,
  '"customer": "Deleted customer"',
  '"customer": {"values": {}, "template": "Deleted customer"}'
)::jsonb
WHERE a."entity" IN ('appointment', 'order')
  AND strpos(a."summary_values"::text, '"customer": "Deleted customer"') > 0
  AND EXISTS (
    SELECT FROM "users" u
    WHERE u."email" = 'erased-' || u."id"::text || '@erased.invalid'
      AND u."id" IN (
        SELECT "customer_id" FROM "appointments" WHERE a."entity" = 'appointment' AND "id"::text = a."entity_id"
        UNION ALL
        SELECT "user_id" FROM "orders" WHERE a."entity" = 'order' AND "id"::text = a."entity_id"
      )
  );
