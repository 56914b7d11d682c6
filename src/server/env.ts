import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalString.pipe(
    z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  ),
  SESSION_SECRET: optionalString,
  OIDC_ISSUER_URL: optionalString.pipe(z.url({ error: 'must be the issuer URL' }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: optionalString.transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
  SMTP_URL: optionalString.pipe(z.url({ error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().default('Storefront <no-reply@localhost>'),
  // How many reverse proxies sit in front of the app (their X-Forwarded-For entries are trusted for the
  // client address that rate limits key on). 0: none, the socket address is the client.
  TRUST_PROXY_HOPS: z.coerce.number({ error: 'must be a whole number of proxies' }).int().min(0).max(10).default(0),
  // Card payments through Stripe: both set, or neither (then orders are paid on pickup).
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Requests each API key may make per minute, counted across all instances (docs/integrations.md).
  API_KEY_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number of requests per minute' })
    .int('must be a whole number of requests per minute')
    .min(1)
    .max(1_000_000)
    .default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof ZEnv> & { publicUrl: string };

/** Reads the environment once. A bad value throws one line naming the variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EnvError(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new EnvError('Invalid environment variable SESSION_SECRET: required in production');
  }
  if (!!env.STRIPE_SECRET_KEY !== !!env.STRIPE_WEBHOOK_SECRET) {
    const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    throw new EnvError(
      `Invalid environment variable ${missing}: card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET`,
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return { ...env, publicUrl };
}

class EnvError extends Error {
  override name = 'EnvError';
}

/** For entry points: the environment, or one clear line on stderr and exit code 1. */
export function readEnvOrExit(): Env {
  try {
    return readEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
