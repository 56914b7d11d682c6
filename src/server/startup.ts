import type { DestinationStream, LoggerOptions } from 'pino';
import type { Database } from '../../db/client';
import { moveDemoPictures, seedDemoData } from './demo/seed';
import { countActiveAdmins } from './auth/admin-invite';
import type { Env } from './env';

export interface PreparedDatabase {
  /** Demo data was added by this start. */
  seeded: boolean;
  /** Demo data is the default here: everywhere except production. */
  demo: boolean;
  admins: number;
}

/**
 * Brings the database to the current schema and, outside production only, fills an empty one with the demo
 * business (or points an earlier start's demo pictures at this start's address). Production never gets demo rows
 * or an account with a known password; `npm run db:seed` adds them on purpose where wanted.
 */
export async function prepareDatabase(
  database: Database,
  env: Pick<Env, 'NODE_ENV' | 'publicUrl'>,
): Promise<PreparedDatabase> {
  await database.migrate();
  const demo = env.NODE_ENV !== 'production';
  const seeded = demo ? await seedDemoData(database.db, { publicUrl: env.publicUrl }) : false;
  if (demo && !seeded) await moveDemoPictures(database.db, env.publicUrl);
  return { seeded, demo, admins: await countActiveAdmins(database.db) };
}

/** What start-up tells the operator when nobody can administer the business yet. */
export function firstAdminHint(env: Pick<Env, 'ADMIN_EMAILS'>): string {
  const viaProvider = env.ADMIN_EMAILS.length
    ? `${env.ADMIN_EMAILS.join(', ')} become${env.ADMIN_EMAILS.length === 1 ? 's' : ''} admin on signing in with "Sign In"`
    : 'set ADMIN_EMAILS=you@example.com and sign in with "Sign In" on the home page';
  return (
    `There is no admin yet. To get the first one: ${viaProvider}; or, for e-mail sign-in, run ` +
    `"npm run admin:invite -- you@example.com" once, which prints a single-use link to set the password.`
  );
}

/** What a request's log lines say of it (Fastify's `req`). */
interface LoggedRequest {
  method: string;
  url: string;
  host: string;
  ip: string;
  socket?: { remotePort?: number };
}

/**
 * Requests are logged by their path, without the query string: that carries data (an e-mail looked up, a tRPC
 * query's whole input), and a log is no place for it.
 */
const serializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: req.url.split('?')[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

/**
 * pino options for the server: JSON lines (one object per line, for log collectors) in production and
 * whenever output goes to a file or pipe; readable colored lines when a person watches a terminal.
 */
export async function loggerOptions(
  env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>,
  isTty = Boolean(process.stdout.isTTY),
): Promise<LoggerOptions & { stream?: DestinationStream }> {
  if (env.NODE_ENV === 'production' || !isTty) return { level: env.LOG_LEVEL, serializers };
  // Loaded only here: production never needs it.
  const { default: pretty } = await import('pino-pretty');
  return {
    level: env.LOG_LEVEL,
    serializers,
    stream: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }),
  };
}
