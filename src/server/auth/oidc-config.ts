import type { Env } from '../env';
import { GOOGLE_ISSUER, type OidcProviderConfig } from './oidc-client';

export type ProviderChoice =
  { kind: 'configured'; config: OidcProviderConfig } | { kind: 'development' } | { kind: 'missing'; problem: string };

/**
 * Which OpenID provider customers and admins sign in with: the configured issuer; Google when only
 * client credentials are given; the local development provider when nothing is configured outside
 * production. Production without credentials runs, but its sign-in answers "unavailable".
 */
export function chooseProvider(env: Env): ProviderChoice {
  const issuer = env.OIDC_ISSUER_URL ?? (env.OIDC_CLIENT_ID ? GOOGLE_ISSUER : undefined);
  if (issuer) {
    if (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) {
      return {
        kind: 'missing',
        problem: `OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must both be set to sign in with ${issuer}`,
      };
    }
    const label = env.OIDC_ISSUER_URL ? `OIDC_ISSUER_URL ${issuer}` : 'Google';
    return {
      kind: 'configured',
      config: { issuer, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, label },
    };
  }
  if (env.NODE_ENV !== 'production') return { kind: 'development' };
  return { kind: 'missing', problem: 'set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (Google) or OIDC_ISSUER_URL as well' };
}

/**
 * Where sign-in may send the browser afterwards: a path on this site, never another origin
 * ("//evil.example", "/\\evil.example", "https://…", control characters) and never an API URL.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, 'http://return.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://return.invalid' || url.pathname.startsWith('/api/') || url.pathname === '/api') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
