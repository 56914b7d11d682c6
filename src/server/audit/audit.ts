import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { statement, type Tx } from '../../../db/client';
import { auditLog, users } from '../../../db/schema/index';
import type { Catalogue } from '../../shared/i18n/catalogue';
import { isErasedAddress } from '../../shared/customer-record-schema';
import { catalogueFor } from '../../shared/i18n/catalogues';
import type { Locale } from '../../shared/i18n/locales';
import { englishOf, listed, saySentence, sentence, type Sentence } from '../../shared/i18n/sentence';
import { permissionLabel } from '../../shared/permission-labels';
import { allPermissions } from '../../shared/roles';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditInput } from '../../shared/staff-schema';
import { DEFAULT_PAGE_LIMIT, isoInstant, isPaged, pageOf, updatedWalk } from '../paging/page';

export interface AuditRecord {
  /** What happened, as `<entity>.<verb>`: `role.created`, `user.role_changed`, … */
  action: string;
  /** The kind of thing changed: `role`, `user`, `product`, … */
  entity: string;
  entityId?: string | null;
  /**
   * One sentence a person can read: what changed, from what to what. Names, codes and e-mails are its values, so
   * that each reader gets it in their language.
   */
  summary: Sentence;
}

/** Who made a write: a staff member, through an API key of theirs or not (null: nobody, such as a job). */
export type AuditActor = { id: string; apiKey?: { name: string } } | null;

/**
 * Writes one audit row. Call it with the transaction of the write it describes, so the row exists exactly
 * when the change commits (and never for a change that rolled back). Any domain may call it. A write made
 * with an API key names its creator as the actor and says which key did it.
 */
export function recordAudit(tx: Tx, actor: AuditActor, record: AuditRecord): Promise<unknown> {
  // A statement built once, started at once (not async): a booking's transaction, sent whole, carries it too.
  const row = auditRow(actor, record);
  return insertAudit(tx, {
    ...row,
    summaryValues: row.summaryValues === undefined ? null : JSON.stringify(row.summaryValues),
  });
}

const insertAudit = statement<
  Omit<ReturnType<typeof auditRow>, 'summaryValues'> & { summaryValues: string | null },
  unknown
>(
  sql`insert into ${auditLog} (actor_id, action, entity, entity_id, summary, summary_template, summary_values)
    values (${sql.placeholder('actorId')}::uuid, ${sql.placeholder('action')}::text, ${sql.placeholder('entity')}::text,
      ${sql.placeholder('entityId')}::text, ${sql.placeholder('summary')}::text, ${sql.placeholder('summaryTemplate')}::text,
      ${sql.placeholder('summaryValues')}::jsonb)`,
);

/** An audit row's columns: the summary in English, and as its template and values for the other languages. */
export function auditRow(actor: AuditActor, record: AuditRecord) {
  const summary = actor?.apiKey
    ? sentence('{summary} (via API key {key})', { summary: record.summary, key: actor.apiKey.name })
    : record.summary;
  return {
    actorId: actor?.id ?? null,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId ?? null,
    summary: englishOf(summary).slice(0, 2000),
    summaryTemplate: summary.template,
    summaryValues: summary.values,
  };
}

/** What an erasure takes out of the log (redactAudit). */
export interface ErasedFromAudit {
  /** Her id: the entries about her say `summary` instead of what they said. */
  entityId: string;
  summary: Sentence;
  /** Her things (her appointments, her orders), by entity: their entries name her as `renamed` instead of `name`. */
  mentions: { entity: string; ids: readonly string[] }[];
  /** Her name as fullName wrote it; `renamed`, as customerNamed names the erased row. */
  name: string;
  renamed: Sentence | string;
}

/**
 * Takes an erased customer out of the log, in the erasure's transaction. The entries stay (who did what, and when):
 * those about her record say `summary` instead, since everything they said was hers (her name, her tags, what was
 * changed); those about her appointments and orders keep what was done and name her as the erased row does. Such an
 * entry names her by its sentence's `customer` value (appointment-audit.ts, order-audit.ts), her name when she was
 * named (she may have been renamed since); one written before sentences were kept, by her name now.
 */
export async function redactAudit(tx: Tx, erased: ErasedFromAudit): Promise<void> {
  const { summary } = erased;
  await tx
    .update(auditLog)
    .set({
      summary: englishOf(summary).slice(0, 2000),
      summaryTemplate: summary.template,
      summaryValues: summary.values,
    })
    .where(eq(auditLog.entityId, erased.entityId));
  const mentions = JSON.stringify(erased.mentions.filter((m) => m.ids.length));
  if (mentions === '[]') return;
  await tx.execute(sql`
    with named as (
      select a.id, coalesce(jsonb_path_query_first(a.summary_values, 'lax $.**.customer') #>> '{}', ${erased.name}) as said
      from ${auditLog} a
      where exists (select from jsonb_array_elements(${mentions}::jsonb) m
                    where m ->> 'entity' = a.entity and m -> 'ids' ? a.entity_id))
    update ${auditLog} a
    set summary = replace(a.summary, named.said, ${englishOf(erased.renamed)}),
        summary_values = replace(a.summary_values::text, to_jsonb(named.said)::text,
                                 ${JSON.stringify(erased.renamed)})::jsonb
    from named
    where a.id = named.id and named.said <> '' and strpos(a.summary, named.said) > 0`);
}

const english = catalogueFor('en').messages;

/** The permissions a summary names, by their English words, each said in the reader's language (readerOf). */
export const permissionList = (permissions: readonly string[]) =>
  permissions.length
    ? listed(
        permissions.map((p) => permissionLabel(english, p)),
        ', ',
      )
    : sentence('none', {});

/** What an update changed, one sentence per change. */
export const changeList = (changes: readonly (Sentence | null)[]) => {
  const made = changes.filter((change) => change !== null);
  return made.length ? listed(made, '; ') : sentence('no changes', {});
};

const readers = new Map<Locale, Pick<Catalogue, 'locale' | 'sentences'>>();

/**
 * What says the log in a language: its sentences, and the permissions an entry lists and an erased customer (by
 * their English words, as every entry has stored them) as the screens of that language name them
 * (src/shared/permission-labels.ts, `customers.deleted`). They stay out of the catalogue's sentences, which pages
 * carry: only the log says them as sentences.
 */
function readerOf(locale: Locale) {
  let reader = readers.get(locale);
  if (!reader) {
    const { sentences, messages } = catalogueFor(locale);
    const labels = allPermissions.map((p) => [permissionLabel(english, p), permissionLabel(messages, p)]);
    labels.push([english['customers.deleted'], messages['customers.deleted']]);
    reader = { locale, sentences: { ...sentences, ...Object.fromEntries(labels) } };
    readers.set(locale, reader);
  }
  return reader;
}

/**
 * The log, newest first, a page at a time, its summaries in the reader's language; an entry written before
 * summaries were kept as sentences says its English. With `limit`, `cursor` or `updatedSince`, an integrator's walk
 * instead: oldest first by the time each entry was written (an entry never changes: that is its updatedAt).
 */
export async function listAuditLog(
  db: Tx,
  input: AuditInput,
  locale: Locale,
): Promise<{ items: AuditEntry[]; total: number; page: number; pageSize: number; nextCursor: string | null }> {
  const page = input.page ?? 1;
  const limit = input.limit ?? DEFAULT_PAGE_LIMIT;
  const query = db
    .select({
      id: auditLog.id,
      actorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      summary: auditLog.summary,
      summaryTemplate: auditLog.summaryTemplate,
      summaryValues: auditLog.summaryValues,
      createdAt: auditLog.createdAt,
      at: isoInstant(auditLog.createdAt),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId));
  const walked = isPaged(input)
    ? pageOf(
        await query
          .where(await updatedWalk(db, input, auditLog.createdAt, auditLog.id))
          .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
          .limit(limit + 1),
        limit,
        'u',
        (r) => r.at,
      )
    : undefined;
  const rows =
    walked?.items ??
    (await query
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE));
  const [total] = await db.select({ n: count() }).from(auditLog);
  const reader = readerOf(locale);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actor: r.actorId ? { id: r.actorId, firstName: r.firstName ?? '', lastName: r.lastName ?? '' } : null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      summary:
        r.summaryTemplate === null
          ? r.summary
          : // The values are what auditRow wrote: a sentence's.
            saySentence(reader, {
              template: r.summaryTemplate,
              values: (r.summaryValues ?? {}) as Sentence['values'],
            }),
      createdAt: r.createdAt.toISOString(),
    })),
    total: total!.n,
    page,
    pageSize: walked ? limit : AUDIT_PAGE_SIZE,
    nextCursor: walked?.nextCursor ?? null,
  };
}

export const fullName = (p: { firstName: string; lastName: string; email?: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email || 'someone';

/**
 * A customer as an entry's sentence names her: her name, or, once she is erased, the words the screens name her with
 * (`customers.deleted`, "Deleted customer" as her row says in English for the books), as a sentence of its own, so
 * that each reader of the log gets them in their language (readerOf).
 */
export const customerNamed = (customer: { firstName: string; lastName: string; email: string }): Sentence | string =>
  isErasedAddress(customer.email) ? sentence(english['customers.deleted'], {}) : fullName(customer);
