import Fastify from 'fastify';
import postgres from 'postgres';

// The reference: a bare Fastify route answering GET /api/business/settings from the same query, no framework layers.
const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/business/settings', async () => {
  const [row] = await sql`select business_name as "businessName", business_description as "businessDescription",
    business_type as "businessType", timezone from business_settings limit 1`;
  return row;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
