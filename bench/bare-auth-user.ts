import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import postgres from 'postgres';
import { effectivePermissions } from '../src/shared/roles';

// The reference for GET /api/auth/user: a bare Fastify route doing the same session lookup as
// src/server/auth/sessions.ts (hash the cookie token, one indexed join with the role's permissions, the same
// expiry checks, effective permissions = the role's and the person's own), no framework layers.
const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
const IDLE_MS = 7 * 24 * 60 * 60 * 1000;
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/auth/user', async (req, reply) => {
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return reply.code(401).send({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
  const hash = createHash('sha256').update(token).digest('base64url');
  const [row] = await sql`
    select s.id as "sessionId", s.last_seen_at as "lastSeenAt", u.id, u.first_name as "firstName", u.last_name as "lastName",
      u.email, u.role, u.profile_image_url as "profileImageUrl", u.is_active as "isActive", u.permissions,
      (select r.permissions from roles r where r.name = u.role) as "rolePermissions"
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${hash} and s.expires_at > now() and s.last_seen_at > ${new Date(Date.now() - IDLE_MS)} and u.is_active
    limit 1`;
  if (!row) return reply.code(401).send({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
  const { sessionId: _s, lastSeenAt: _l, rolePermissions, permissions, ...user } = row;
  return { ...user, permissions: effectivePermissions(user.role, rolePermissions, permissions) };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Exit normally on the bench's SIGTERM, so that BENCH_CPU_PROF writes this process's profile too.
process.on('SIGTERM', () => process.exit(0));
