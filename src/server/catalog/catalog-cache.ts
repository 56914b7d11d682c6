import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '../../../db/client';
import { loadProducts, loadServices } from './catalog-rows';

/**
 * The catalogue, serialized once and kept in memory per app instance.
 *
 * The product and service lists are the hottest and largest reads and change rarely. Each instance keeps,
 * per kind, the rows, the snapshot they were read in, and per view the JSON bytes (plus gzip and brotli,
 * made once on demand). Before answering, a request makes sure no transaction invisible to that snapshot
 * has since committed a change: a trigger logs one row per changing transaction in catalog_changes
 * (migration 0003) and one indexed query compares. So a write committed through any instance, or by any
 * other writer, is served by every instance on the very next request. Requests arriving together share
 * one check, which always starts after they arrived.
 */

export type CatalogKind = 'products' | 'services';
/** all: staff; active: customers and visitors; featured: active and featured. */
export type CatalogView = 'all' | 'active' | 'featured';
export type ContentEncoding = 'br' | 'gzip';

// catalog_changes rows older than this are deleted; a copy is re-read well before, so no copy can depend on them.
const LOG_RETENTION = '1 hour';
const CATALOG_MAX_AGE_MS = 10 * 60_000;
const PRUNE_INTERVAL_MS = 10 * 60_000;

interface CatalogRow {
  isActive: boolean;
  isFeatured: boolean;
}

export interface SerializedView<T> {
  items: readonly T[];
  /** The JSON array, UTF-8. */
  body: Buffer;
  /** Weak: the same validator stands for every content encoding of the same JSON. */
  etag: string;
  encoded(encoding: ContentEncoding): Promise<Buffer>;
}

interface Entry {
  /** pg_snapshot text of the read, e.g. "1234:1240:1236". */
  snapshot: string;
  loadedAt: number;
  rows: readonly CatalogRow[];
  views: Map<CatalogView, SerializedView<CatalogRow>>;
}

export type CatalogLoader = (db: Tx) => Promise<CatalogRow[]>;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export class CatalogCache {
  private readonly entries = new Map<CatalogKind, Entry>();
  private readonly refreshers: Record<CatalogKind, () => Promise<Entry>>;
  private lastPrune = 0;

  constructor(
    private readonly database: Database,
    private readonly loaders: Record<CatalogKind, CatalogLoader>,
    private readonly now: () => number = Date.now,
  ) {
    this.refreshers = {
      products: coalesce(() => this.refresh('products')),
      services: coalesce(() => this.refresh('services')),
    };
  }

  /** One view of one kind, current as of this call. */
  async view<T extends CatalogRow>(kind: CatalogKind, view: CatalogView): Promise<SerializedView<T>> {
    const entry = await this.refreshers[kind]();
    let serialized = entry.views.get(view);
    if (!serialized) {
      serialized = serialize(select(entry.rows, view));
      entry.views.set(view, serialized);
    }
    return serialized as SerializedView<T>;
  }

  private async refresh(kind: CatalogKind): Promise<Entry> {
    const cached = this.entries.get(kind);
    if (
      cached &&
      this.now() - cached.loadedAt < CATALOG_MAX_AGE_MS &&
      !(await this.changedSince(kind, cached.snapshot))
    )
      return cached;
    const entry = await this.load(kind);
    this.entries.set(kind, entry);
    this.prune();
    return entry;
  }

  private async load(kind: CatalogKind): Promise<Entry> {
    // One snapshot for both statements: the rows are exactly what the snapshot shows.
    return this.database.db.transaction(
      async (tx) => {
        const [{ snapshot }] = rowsOf<{ snapshot: string }>(
          await tx.execute(sql`select pg_current_snapshot()::text as snapshot`),
        ) as [{ snapshot: string }];
        const rows = await this.loaders[kind](tx);
        return { snapshot, rows, loadedAt: this.now(), views: new Map() };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** Whether a transaction invisible to the snapshot has committed a change of this kind. */
  private async changedSince(kind: CatalogKind, snapshot: string): Promise<boolean> {
    // Transactions older than the snapshot's xmin are all visible to it, so the index range starts there.
    const result = await this.database.db.execute(sql`
      select exists (
        select 1 from catalog_changes
         where kind = ${kind} and xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)
           and not pg_visible_in_snapshot(xid, ${snapshot}::pg_snapshot)
      ) as changed`);
    return rowsOf<{ changed: boolean }>(result)[0]!.changed;
  }

  private prune() {
    if (this.now() - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = this.now();
    // Housekeeping only: a failure is harmless and retried later.
    this.database.db
      .execute(sql`delete from catalog_changes where created_at < now() - ${LOG_RETENTION}::interval`)
      .catch(() => {});
  }
}

/**
 * Runs fn for concurrent callers at most once at a time, and never hands a caller a run that started
 * before it asked: callers arriving during a run share the next one.
 */
export function coalesce<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = () => {
    const run = fn().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      queued = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = undefined;
          return start();
        });
    }
    return queued;
  };
}

function select(rows: readonly CatalogRow[], view: CatalogView): CatalogRow[] {
  if (view === 'all') return rows as CatalogRow[];
  if (view === 'active') return rows.filter((r) => r.isActive);
  return rows.filter((r) => r.isActive && r.isFeatured);
}

function serialize<T>(items: readonly T[]): SerializedView<T> {
  const body = Buffer.from(JSON.stringify(items), 'utf8');
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  const encodings = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    items,
    body,
    etag,
    encoded(encoding) {
      let pending = encodings.get(encoding);
      if (!pending) {
        // Made once per change and sent many times, so a higher level than on-the-fly compression pays off;
        // zlib runs on the thread pool, off the event loop.
        pending =
          encoding === 'br'
            ? brotliAsync(body, {
                params: {
                  [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              })
            : gzipAsync(body, { level: 9 });
        pending.catch(() => encodings.delete(encoding));
        encodings.set(encoding, pending);
      }
      return pending;
    },
  };
}

/** This instance's catalogue cache (built once by buildApp and passed to the services that read it). */
export function createCatalogCache(database: Database): CatalogCache {
  return new CatalogCache(database, { products: loadProducts, services: loadServices });
}

/** Whether If-None-Match names this validator (weak comparison, as RFC 9110 prescribes for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else none. Honours q=0. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: ContentEncoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}
