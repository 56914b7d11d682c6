// Connection-level failures: the database is away (restart, failover). Callers get 503 and may retry.
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableErrnos.has(code) || unavailableSqlStates.has(code))) return true;
  }
  return false;
}

/** Postgres SQLSTATE of a failed statement, looking through driver wrappers. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a failed statement violated (postgres.js names it `constraint_name`, PGlite `constraint`). */
export function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint_name?: unknown }).constraint_name ?? (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}
