import { count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { auditLog, users } from '../../../db/schema/index';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../shared/staff-schema';

export interface AuditRecord {
  /** What happened, as `<entity>.<verb>`: `role.created`, `user.role_changed`, … */
  action: string;
  /** The kind of thing changed: `role`, `user`, `product`, … */
  entity: string;
  entityId?: string | null;
  /** One sentence a person can read: what changed, from what to what. */
  summary: string;
}

/**
 * Writes one audit row. Call it with the transaction of the write it describes, so the row exists exactly
 * when the change commits (and never for a change that rolled back). Any domain may call it. A write made
 * with an API key names its creator as the actor and says which key did it.
 */
export async function recordAudit(
  tx: Tx,
  actor: { id: string; apiKey?: { name: string } } | null,
  record: AuditRecord,
): Promise<void> {
  const summary = actor?.apiKey ? `${record.summary} (via API key ${actor.apiKey.name})` : record.summary;
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId ?? null,
    summary: summary.slice(0, 2000),
  });
}

/** The log, newest first, a page at a time. */
export async function listAuditLog(
  db: Tx,
  input: { page?: number } = {},
): Promise<{ items: AuditEntry[]; total: number; page: number; pageSize: number }> {
  const page = input.page ?? 1;
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      summary: auditLog.summary,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(auditLog);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actor: r.actorId ? { id: r.actorId, firstName: r.firstName ?? '', lastName: r.lastName ?? '' } : null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      summary: r.summary,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total!.n,
    page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}

export const fullName = (p: { firstName: string; lastName: string; email?: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email || 'someone';
