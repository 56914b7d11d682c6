import { daySheet, describeDay, storefrontClient } from './storefront';

// Usage: STOREFRONT_URL=https://shop.example STOREFRONT_API_KEY=sk_… npx tsx examples/integrator/main.ts [YYYY-MM-DD]
const baseUrl = process.env.STOREFRONT_URL ?? 'http://localhost:3000';
const apiKey = process.env.STOREFRONT_API_KEY;
if (!apiKey) {
  console.error('Set STOREFRONT_API_KEY to an API key made at /admin/integrations (appointments.view, orders.view).');
  process.exit(1);
}
const date = process.argv[2] ?? new Date().toISOString().slice(0, 10);
const client = storefrontClient(baseUrl, { authorization: `Bearer ${apiKey}` });
for (const line of describeDay(await daySheet(client, date))) console.log(line);
