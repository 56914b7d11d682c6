import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import postgres from 'postgres';
import { effectivePermissions } from '../src/shared/roles';

// The reference for a keyed GET /api/auth/user: a bare Fastify route doing the same key lookup as
// src/server/integrations/api-keys.ts (hash the key, one indexed join with the creator and the role's permissions,
// the same revocation, expiry and deactivation checks, permissions = the key's ∩ the creator's), no framework layers.
const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
const invalid = { message: 'Invalid or revoked API key.', code: 'UNAUTHORIZED' };
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/auth/user', async (req, reply) => {
  const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!key) return reply.code(401).send(invalid);
  const hash = createHash('sha256').update(key).digest('base64url');
  const [row] = await sql`
    select k.permissions as "keyPermissions", u.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
      u.role, u.profile_image_url as "profileImageUrl", u.is_active as "isActive", u.permissions,
      (select r.permissions from roles r where r.name = u.role) as "rolePermissions"
    from api_keys k join users u on u.id = k.created_by
    where k.secret_hash = ${hash} and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
      and u.is_active
    limit 1`;
  if (!row) return reply.code(401).send(invalid);
  const { keyPermissions, rolePermissions, permissions, ...user } = row;
  const held = effectivePermissions(user.role, rolePermissions, permissions);
  return { ...user, permissions: held.filter((p) => keyPermissions.includes(p)) };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Exit normally on the bench's SIGTERM, so that BENCH_CPU_PROF writes this process's profile too.
process.on('SIGTERM', () => process.exit(0));
