import { createServer } from 'node:http';
import { businessToday, daySheet, describeDay, storefrontClient } from './storefront';
import { webhookHandler } from './webhooks';

// Usage: STOREFRONT_URL=https://shop.example STOREFRONT_API_KEY=sfk_… npx tsx examples/integrator/main.ts [YYYY-MM-DD]
// With STOREFRONT_WEBHOOK_SECRET=whsec_… it then stays up, receiving webhooks on WEBHOOK_PORT (default 4000).
const baseUrl = process.env.STOREFRONT_URL ?? 'http://localhost:3000';
const apiKey = process.env.STOREFRONT_API_KEY;
if (!apiKey) {
  console.error('Set STOREFRONT_API_KEY to an API key made at /admin/integrations (appointments.view, orders.view).');
  process.exit(1);
}
const client = storefrontClient(baseUrl, { authorization: `Bearer ${apiKey}` });
const date = process.argv[2] ?? (await businessToday(client));
for (const line of describeDay(await daySheet(client, date))) console.log(line);

const secret = process.env.STOREFRONT_WEBHOOK_SECRET;
if (secret) {
  const port = Number(process.env.WEBHOOK_PORT ?? 4000);
  createServer(webhookHandler(secret, (event) => console.log(`${event.timestamp} ${event.type} ${event.id}`))).listen(
    port,
    () => console.log(`Receiving webhooks on http://localhost:${port}/`),
  );
}
