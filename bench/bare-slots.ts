import Fastify from 'fastify';
import postgres from 'postgres';

// The reference for the slots call: a bare Fastify route reading the same rows (the service, its providers, their
// weekly hours, the date's overrides and the live appointments around the date) and returning them as they come,
// with no slot computation, no settings, no session, no validation.
const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/appointments/slots', async (req) => {
  const { serviceId, date } = req.query as { serviceId: string; date: string };
  const [service] = await sql`select id, duration from services where id = ${serviceId}`;
  const providers = await sql`select u.id from service_providers sp join users u on u.id = sp.employee_id
    where sp.service_id = ${serviceId} and u.is_active and u.role in ('employee', 'admin')`;
  const ids = providers.map((p) => p.id as string);
  // The three reads in one statement, as the app sends them.
  const [reads] = await sql`select
    (select coalesce(json_agg(w), '[]') from (select employee_id, day_of_week, start_time, end_time, is_available
      from availability where employee_id = any(${ids})) w) as weekly,
    (select coalesce(json_agg(o), '[]') from (select employee_id, date, is_available, start_time, end_time
      from availability_overrides where employee_id = any(${ids}) and date = ${date}) o) as overrides,
    (select coalesce(json_agg(b), '[]') from (select id, employee_id, starts_at, ends_at from appointments
      where employee_id = any(${ids}) and status in ('pending', 'confirmed')
      and starts_at < (${date}::date + 2)::timestamptz and ends_at > (${date}::date - 1)::timestamptz) b) as busy`;
  return { service, ...reads };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
