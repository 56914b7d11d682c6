import Fastify from 'fastify';
import postgres from 'postgres';

// The reference for GET /api/products: a bare Fastify route that runs the same query as the app and
// serializes the same JSON on every request, with no framework layers and no cache.
const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/products', async () => {
  return sql`select id, name, description, category, price, image_url as "imageUrl", inventory,
      is_featured as "isFeatured", is_active as "isActive"
    from products where is_active order by created_at desc, name asc, id asc`;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
