import { createHmac, randomBytes } from 'node:crypto';

// The Standard Webhooks secret and signature, in one place: a secret is `whsec_` and the base64 of its key.
const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export const newSigningSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The signature header's value: `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed by the
 * secret's key. Made with Node's crypto: the `standardwebhooks` package signs with a JavaScript SHA-256, a fifth of
 * a delivery's CPU (receivers verify with that package in the tests).
 */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
