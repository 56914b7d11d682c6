import { expect, it } from 'vitest';
import { migratedBefore } from './migrated-before';

it('masks the gift card codes that events kept before announcements masked them', async () => {
  const { client, migrateRest } = await migratedBefore('_mask_gift_card_codes_in_events');
  await client.exec(`
    insert into webhook_events (type, data) values
      ('gift_card.issued', '{"id": "card", "code": "ABCDEFGHJKMNPQRS", "balance": "50.00"}'),
      ('order.updated', '{"id": "bought", "boughtGiftCard": {"code": "ABCDEFGHJKMNPQRS", "amount": "50.00"}}'),
      ('order.updated', '{"id": "other", "boughtGiftCard": null}'),
      ('product.created', '{"id": "product", "code": "NOTACARD"}');`);

  await migrateRest();
  const { rows } = await client.query<{ data: unknown }>(`select data from webhook_events order by data->>'id'`);
  expect(rows.map((row) => row.data)).toEqual([
    { id: 'bought', boughtGiftCard: { code: '************PQRS', amount: '50.00' } },
    { id: 'card', code: '************PQRS', balance: '50.00' },
    { id: 'other', boughtGiftCard: null },
    { id: 'product', code: 'NOTACARD' },
  ]);
  await client.close();
});
