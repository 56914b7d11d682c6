import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts calendar passwords at rest (AES-256-GCM). The key is derived from SESSION_SECRET, so a copy of the
 * database alone does not give the staff's calendar accounts away; changing SESSION_SECRET means connecting the
 * CalDAV accounts again.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'external-calendars', 'calendar passwords', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [, iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    },
  };
}

/** The box of this environment. SESSION_SECRET is required in production; elsewhere a fixed one will do. */
export const secretBoxOf = (env: { SESSION_SECRET?: string }) =>
  secretBox(env.SESSION_SECRET ?? 'development-only-calendar-password-secret');
