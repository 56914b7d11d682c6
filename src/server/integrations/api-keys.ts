import { isUuid } from '../../shared/ids';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { apiKeys, users } from '../../../db/schema/index';
import { hitRateLimit } from '../auth/rate-limit';
import {
  integrationMessages,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '../../shared/integrations-schema';
import { can } from '../../shared/roles';
import { staffMessages } from '../../shared/staff-schema';
import { AppError } from '../app-error';
import { hashToken, toSessionUser, userColumns, type SessionUser } from '../auth/sessions';
import { sentence } from '../../shared/i18n/sentence';
import { permissionList, recordAudit } from '../audit/audit';

// lastUsedAt is refreshed at most this often, so keyed reads do not each turn into a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

/** `sfk_` and 12 hex characters: shown in lists so people can tell keys apart; the secret follows it. */
function newKey() {
  const prefix = `sfk_${randomBytes(6).toString('hex')}`;
  return { prefix, key: `${prefix}_${randomBytes(32).toString('base64url')}` };
}

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  permissions: apiKeys.permissions,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  creatorId: users.id,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  creatorId: string;
  creatorFirstName: string;
  creatorLastName: string;
};

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdBy: { id: row.creatorId, firstName: row.creatorFirstName, lastName: row.creatorLastName },
  };
}

/** Every key not revoked, newest first (expired ones too, so people see why a program stopped working). */
export async function listApiKeys(db: Tx): Promise<ApiKey[]> {
  const rows = await db
    .select(keyColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(isNull(apiKeys.revokedAt))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** A new key acting for `actor`, with permissions the actor holds; the answer is the only place the key appears. */
export async function createApiKey(db: Db, actor: SessionUser, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  if (!input.permissions.every((p) => can(actor, p))) throw new AppError('FORBIDDEN', staffMessages.cannotGrant);
  const { prefix, key } = newKey();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix,
        secretHash: hashToken(key),
        permissions: input.permissions,
        createdBy: actor.id,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, actor, {
      action: 'api_key.created',
      entity: 'api_key',
      entityId: created!.id,
      summary: sentence('Created API key {name} ({prefix}) with permissions: {permissions}', {
        name: input.name,
        prefix,
        permissions: permissionList(input.permissions),
      }),
    });
    const [row] = await tx
      .select(keyColumns)
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .where(eq(apiKeys.id, created!.id));
    return { ...toApiKey(row!), key };
  });
}

/** Revokes a key at once: its next request is refused. Unknown or already revoked keys are 404. */
export async function revokeApiKey(db: Db, actor: SessionUser, id: string): Promise<{ success: true; id: string }> {
  // Ids are UUIDs; anything else names no key (404) rather than reaching the database as a type error.
  if (!isUuid(id)) throw new AppError('NOT_FOUND', integrationMessages.keyNotFound);
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!revoked) throw new AppError('NOT_FOUND', integrationMessages.keyNotFound);
    await recordAudit(tx, actor, {
      action: 'api_key.revoked',
      entity: 'api_key',
      entityId: id,
      summary: sentence('Revoked API key {name} ({prefix})', { name: revoked.name, prefix: revoked.prefix }),
    });
    return { success: true as const, id };
  });
}

// Like the session lookup, a named prepared statement per database handle: it runs on every keyed request.
const keyLookups = new WeakMap<object, ReturnType<typeof prepareKeyLookup>>();

function prepareKeyLookup(db: Tx) {
  return db
    .select({
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      keyPermissions: apiKeys.permissions,
      lastUsedAt: apiKeys.lastUsedAt,
      ...userColumns,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(
      and(
        eq(apiKeys.secretHash, sql.placeholder('secretHash')),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('find_api_key');
}

/**
 * The caller behind a key: its creator, acting with the key's permissions cut down to what the creator holds
 * now (a demoted creator's keys lose the rest at once). Null when the key is unknown, revoked or expired, or
 * its creator deactivated.
 */
export async function authenticateApiKey(db: Tx, key: string): Promise<SessionUser | null> {
  let lookup = keyLookups.get(db);
  if (!lookup) keyLookups.set(db, (lookup = prepareKeyLookup(db)));
  const [row] = await lookup.execute({ secretHash: hashToken(key) });
  if (!row) return null;
  const { keyId, keyName, keyPermissions, lastUsedAt } = row;
  if (!lastUsedAt || Date.now() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, keyId));
  }
  const creator = toSessionUser(row);
  return {
    ...creator,
    permissions: creator.permissions.filter((p) => keyPermissions.includes(p)),
    apiKey: { id: keyId, name: keyName },
  };
}

/** The fixed window a key's requests are counted in. */
export const API_KEY_WINDOW_SECONDS = 60;

/**
 * An instance's share of a key's allowance in the current window: claimed from the shared counter, spent here
 * without a round trip. Counting every request in PostgreSQL made all of a key's requests queue on one row's
 * lock; claiming a twentieth of the limit at a time (at least 1, at most 100) leaves most requests without a
 * write. The limit still holds across instances, since no instance spends what it did not claim. The price: a
 * key may be refused while other instances hold up to a twentieth of the limit each, unspent, until the window
 * restarts. Limits under 40 are counted one request at a time, exactly.
 */
interface Lease {
  windowEndsAt: number;
  left: number;
  /** The shared counter after this instance's last claim, at most the limit. */
  claimed: number;
  /** The limit was reached across instances: refuse until the window restarts. */
  exhausted: boolean;
}

interface KeyAllowance {
  lease?: Lease;
  /** One claim at a time per key: concurrent requests wait for it instead of each claiming a share. */
  claiming?: Promise<void>;
}

const allowances = new WeakMap<object, Map<string, KeyAllowance>>();

/**
 * Counts one request of a key in its current window. `hits`: the requests counted in this window across every
 * app instance, as this one knows it (above the limit: refuse); `resetSeconds`: until the window restarts.
 */
export async function countApiKeyRequest(
  db: Tx,
  keyId: string,
  limit: number,
): Promise<{ hits: number; resetSeconds: number }> {
  let byKey = allowances.get(db);
  if (!byKey) allowances.set(db, (byKey = new Map()));
  let allowance = byKey.get(keyId);
  if (!allowance) byKey.set(keyId, (allowance = {}));
  for (;;) {
    const { lease } = allowance;
    const now = Date.now();
    if (lease && lease.windowEndsAt > now && (lease.left > 0 || lease.exhausted)) {
      const resetSeconds = Math.max(1, Math.ceil((lease.windowEndsAt - now) / 1000));
      if (lease.exhausted) return { hits: limit + 1, resetSeconds };
      lease.left -= 1;
      return { hits: lease.claimed - lease.left, resetSeconds };
    }
    const claiming = (allowance.claiming ??= claimAllowance(db, keyId, limit, allowance).finally(() => {
      allowance.claiming = undefined;
    }));
    await claiming;
  }
}

async function claimAllowance(db: Tx, keyId: string, limit: number, allowance: KeyAllowance) {
  const claim = Math.max(1, Math.min(100, Math.floor(limit / 20)));
  const row = await hitRateLimit(db, { name: 'api-key', limit, windowSeconds: API_KEY_WINDOW_SECONDS }, keyId, claim);
  const left = Math.max(0, Math.min(claim, limit - (row.hits - claim)));
  allowance.lease = {
    windowEndsAt: Date.now() + row.retryAfterSeconds * 1000,
    left,
    claimed: Math.min(row.hits, limit),
    exhausted: left === 0,
  };
}
