import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { OidcIdentity } from './oidc-sign-in';

/** Who we ask: an OpenID Connect issuer and the client registered with it. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown in logs: where the configuration came from. */
  label: string;
}

/** What discovery told us about the issuer. */
export interface DiscoveredProvider {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  keys: JWTVerifyGetKey;
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

class OidcDiscoveryError extends Error {
  override name = 'OidcDiscoveryError';
}

/** Fetches and checks the issuer's metadata (OpenID Connect Discovery 1.0 §4). */
async function discoverProvider(config: OidcProviderConfig, timeoutMs = 5000): Promise<DiscoveredProvider> {
  const url = `${trimSlash(config.issuer)}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new OidcDiscoveryError(
      `cannot reach ${url}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`,
    );
  }
  if (!response.ok) throw new OidcDiscoveryError(`${url} answered ${response.status}`);
  const metadata = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const field = (name: string) => {
    const value = metadata?.[name];
    if (typeof value !== 'string' || !value) throw new OidcDiscoveryError(`${url} has no ${name}`);
    return value;
  };
  // The metadata must describe the issuer we were configured with, or tokens could come from anyone.
  if (trimSlash(field('issuer')) !== trimSlash(config.issuer)) {
    throw new OidcDiscoveryError(`${url} names issuer ${field('issuer')}, expected ${config.issuer}`);
  }
  const jwksUri = field('jwks_uri');
  return {
    issuer: field('issuer'),
    authorizationEndpoint: field('authorization_endpoint'),
    tokenEndpoint: field('token_endpoint'),
    jwksUri,
    keys: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: timeoutMs, cooldownDuration: 30_000 }),
  };
}

/**
 * Discovery that never stops the server: the first attempt starts at boot, failures are logged with
 * what to check and retried with back-off, and a sign-in attempt while undiscovered tries once more.
 */
export class OidcDiscovery {
  private provider: DiscoveredProvider | null = null;
  private inFlight: Promise<DiscoveredProvider | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private stopped = false;

  constructor(
    readonly config: OidcProviderConfig,
    private readonly log: Logger,
    private readonly retryDelaysMs: readonly number[] = [2_000, 5_000, 15_000, 30_000, 60_000],
  ) {}

  current() {
    return this.provider;
  }

  start() {
    void this.attempt();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** The discovered provider, trying once more right now if discovery has not succeeded yet. */
  async ensure(): Promise<DiscoveredProvider | null> {
    return this.provider ?? this.attempt();
  }

  private attempt(): Promise<DiscoveredProvider | null> {
    this.inFlight ??= discoverProvider(this.config)
      .then((provider) => {
        this.provider = provider;
        clearTimeout(this.timer);
        this.log.info({ issuer: provider.issuer }, `Sign-in provider ready (${this.config.label}).`);
        return provider;
      })
      .catch((error: Error) => {
        this.failures += 1;
        const delay = this.retryDelaysMs[Math.min(this.failures - 1, this.retryDelaysMs.length - 1)]!;
        this.log.error(
          { issuer: this.config.issuer, attempt: this.failures },
          `Sign-in provider discovery failed (${error.message}). Customer and admin sign-in is unavailable until it ` +
            `succeeds; check OIDC_ISSUER_URL and the network. Retrying in ${Math.round(delay / 1000)} s.`,
        );
        if (!this.stopped) {
          clearTimeout(this.timer);
          this.timer = setTimeout(() => void this.attempt(), delay);
          this.timer.unref();
        }
        return null;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}

class IdTokenError extends Error {
  override name = 'IdTokenError';
}

// Google documents both spellings of its issuer in id_tokens.
const acceptedIssuers = (issuer: string) =>
  trimSlash(issuer) === GOOGLE_ISSUER ? [issuer, 'accounts.google.com'] : [issuer];

/**
 * Verifies an id_token before anything in it is trusted: signature against the issuer's published keys,
 * issuer, audience (and authorised party), expiry, and the nonce bound to this browser's sign-in.
 */
export async function verifyIdToken(
  provider: DiscoveredProvider,
  clientId: string,
  idToken: unknown,
  expectedNonce: string,
): Promise<OidcIdentity> {
  if (typeof idToken !== 'string' || !idToken) throw new IdTokenError('the token response has no id_token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, provider.keys, {
      issuer: acceptedIssuers(provider.issuer),
      audience: clientId,
      // Asymmetric signatures only: "none" and shared-secret algorithms are refused.
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
      requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (error) {
    const reason = error instanceof joseErrors.JOSEError ? `${error.code}: ${error.message}` : (error as Error).message;
    throw new IdTokenError(`id_token rejected (${reason})`);
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
    throw new IdTokenError('id_token rejected (azp is not this client)');
  }
  if (typeof payload.nonce !== 'string' || !expectedNonce || payload.nonce !== expectedNonce) {
    throw new IdTokenError('id_token rejected (nonce does not match this sign-in)');
  }
  const email = typeof payload.email === 'string' ? payload.email.trim() : '';
  if (!email) throw new IdTokenError('id_token has no e-mail address (is the "email" scope allowed?)');
  const text = (name: string) => (typeof payload[name] === 'string' ? (payload[name] as string).trim() : undefined);
  return {
    // The configured issuer, not the claim: Google writes it two ways and identities must match across sign-ins.
    issuer: provider.issuer,
    subject: payload.sub!,
    email,
    emailVerified:
      typeof payload.email_verified === 'boolean'
        ? payload.email_verified
        : payload.email_verified === 'true'
          ? true
          : undefined,
    name: text('name'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    picture: text('picture'),
  };
}
