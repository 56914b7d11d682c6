import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { OidcProviderConfig } from './oidc-client';

/**
 * A small OpenID provider for offline development. It runs in-process on loopback, only when no issuer
 * is configured and not in production, so the app's real sign-in code (discovery, authorization code
 * with PKCE, state, nonce, signed id_token) runs unchanged without Google. Its page lets a developer
 * pick one of the app's accounts or type any e-mail and name.
 */

export interface DevAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: 'customer' | 'employee' | 'admin';
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  nonce?: string;
  challenge?: string;
  challengeMethod?: string;
  claims: { sub: string; email: string; given_name: string; family_name: string; name: string };
  expiresAt: number;
}

const CODE_TTL_MS = 2 * 60 * 1000;
const MAX_BODY = 16 * 1024;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A stable subject per e-mail, so signing in twice as the same person finds the same account. */
const devSubject = (email: string) =>
  `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function startDevIdentityProvider(opts: { accounts: () => Promise<DevAccount[]>; host?: string }) {
  const host = opts.host ?? '127.0.0.1';
  const clientId = 'storefront-dev';
  const clientSecret = randomBytes(24).toString('base64url');
  // A P-256 key: an RSA key cost 0.1-0.3 s of CPU at every start (seconds on a loaded machine, enough for Fastify's
  // ten-second plugin timeout in a parallel suite); this one takes a millisecond. The client accepts either.
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const kid = randomBytes(8).toString('hex');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  let issuer = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const page = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    res.end(html);
  };

  /** The authorization request's parameters, checked; carried through the page as hidden fields. */
  function authorizationRequest(params: URLSearchParams) {
    const get = (name: string) => params.get(name) ?? undefined;
    const redirectUri = get('redirect_uri');
    if (get('client_id') !== clientId) return { error: 'Unknown client_id.' } as const;
    if (get('response_type') !== 'code') return { error: 'Only response_type=code is supported.' } as const;
    if (!redirectUri || !/^https?:\/\/[^/]+\/api\/callback$/.test(redirectUri))
      return { error: "redirect_uri must be the app's /api/callback." } as const;
    if (!(get('scope') ?? '').split(' ').includes('openid')) return { error: 'The openid scope is required.' } as const;
    return {
      request: {
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: get('scope')!,
        state: get('state') ?? '',
        nonce: get('nonce') ?? '',
        code_challenge: get('code_challenge') ?? '',
        code_challenge_method: get('code_challenge_method') ?? '',
      },
    } as const;
  }

  async function renderSignIn(res: ServerResponse, request: Record<string, string>) {
    const hidden = Object.entries(request)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    const accounts = await opts.accounts().catch(() => []);
    const groups = (['customer', 'employee', 'admin'] as const).map((role) => {
      const members = accounts.filter((a) => a.role === role);
      const title = { customer: 'Customers', employee: 'Employees', admin: 'Admins' }[role];
      const items = members.length
        ? members
            .map(
              (a) =>
                `<li><form method="post" action="/authorize">${hidden}<input type="hidden" name="email" value="${escapeHtml(a.email)}">` +
                `<input type="hidden" name="given_name" value="${escapeHtml(a.firstName)}"><input type="hidden" name="family_name" value="${escapeHtml(a.lastName)}">` +
                `<button type="submit"><strong>${escapeHtml(`${a.firstName} ${a.lastName}`.trim() || a.email)}</strong><span>${escapeHtml(a.email)}</span></button></form></li>`,
            )
            .join('')
        : '<li class="empty">None yet</li>';
      return `<section><h2>${title}</h2><ul>${items}</ul></section>`;
    });
    page(
      res,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title><style>
body{font-family:system-ui,sans-serif;background:#f7f4ee;color:#1c1917;margin:0;padding:24px}
main{max-width:760px;margin:0 auto}h1{font-size:1.5rem;margin:0 0 4px}p.lead{color:#57534e;margin:0 0 20px}
.grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
section,form.custom{background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:16px}
h2{font-size:1rem;margin:0 0 8px}ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
li form button{width:100%;text-align:left;border:1px solid #d6d3d1;background:#fff;border-radius:8px;padding:8px 10px;cursor:pointer;display:flex;flex-direction:column;font:inherit}
li form button:hover{border-color:#2f6456;background:#f1f6f4}li form button span{font-size:.8rem;color:#57534e}
.empty{color:#78716c;font-size:.9rem}form.custom{margin-top:16px;display:grid;gap:10px}
label{display:grid;gap:4px;font-size:.9rem;font-weight:500}input[type=email],input[type=text]{border:1px solid #d6d3d1;border-radius:8px;padding:8px;font:inherit}
form.custom button{background:#2f6456;color:#fff;border:0;border-radius:8px;padding:10px;font:inherit;font-weight:600;cursor:pointer}
</style></head><body><main>
<h1>Development sign-in</h1>
<p class="lead">This local provider stands in for Google while no sign-in provider is configured. Pick an account, or sign in as anyone.</p>
<div class="grid">${groups.join('')}</div>
<form class="custom" method="post" action="/authorize">${hidden}
<h2>Someone else</h2>
<label>E-mail<input type="email" name="email" required maxlength="320" placeholder="you@example.com"></label>
<label>First name<input type="text" name="given_name" maxlength="100"></label>
<label>Last name<input type="text" name="family_name" maxlength="100"></label>
<button type="submit">Sign in</button></form>
</main></body></html>`,
    );
  }

  async function completeSignIn(res: ServerResponse, body: URLSearchParams) {
    const checked = authorizationRequest(body);
    if ('error' in checked) return page(res, 400, `<p>${escapeHtml(checked.error!)}</p>`);
    const { request } = checked;
    const email = (body.get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320)
      return page(res, 400, '<p>Please enter a valid e-mail address.</p>');
    const givenName = (body.get('given_name') ?? '').trim().slice(0, 100) || email.split('@')[0]!;
    const familyName = (body.get('family_name') ?? '').trim().slice(0, 100);
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      clientId: request.client_id,
      redirectUri: request.redirect_uri,
      nonce: request.nonce || undefined,
      challenge: request.code_challenge || undefined,
      challengeMethod: request.code_challenge_method || undefined,
      claims: {
        sub: devSubject(email),
        email,
        given_name: givenName,
        family_name: familyName,
        name: `${givenName} ${familyName}`.trim(),
      },
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    const target = new URL(request.redirect_uri);
    target.searchParams.set('code', code);
    if (request.state) target.searchParams.set('state', request.state);
    res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    let id = body.get('client_id') ?? '';
    let secret = body.get('client_secret') ?? '';
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [user = '', pass = ''] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      id = decodeURIComponent(user.replace(/\+/g, ' '));
      secret = decodeURIComponent(pass.replace(/\+/g, ' '));
    }
    if (id !== clientId || !sameSecret(secret, clientSecret)) return json(res, 401, { error: 'invalid_client' });
    if (body.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = body.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code);
    if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== body.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    if (pending.challenge) {
      const verifier = body.get('code_verifier') ?? '';
      const computed =
        pending.challengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (!sameSecret(computed, pending.challenge))
        return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
    }
    const idToken = await new SignJWT({
      ...pending.claims,
      email_verified: true,
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(pending.claims.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    json(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handle = async () => {
      if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['ES256'],
          scopes_supported: ['openid', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
      if (req.method === 'GET' && url.pathname === '/authorize') {
        const checked = authorizationRequest(url.searchParams);
        if ('error' in checked) return page(res, 400, `<p>${escapeHtml(checked.error!)}</p>`);
        return renderSignIn(res, checked.request);
      }
      if (req.method === 'POST' && url.pathname === '/authorize') return completeSignIn(res, await readBody(req));
      if (req.method === 'POST' && url.pathname === '/token') return token(req, res);
      return json(res, 404, { error: 'not_found' });
    };
    handle().catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'server_error' });
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  issuer = `http://${host}:${port}`;
  // Codes are single use and short lived; forget the stale ones now and then.
  const sweep = setInterval(() => {
    for (const [code, pending] of codes) if (pending.expiresAt < Date.now()) codes.delete(code);
  }, 60_000);
  sweep.unref();

  const config: OidcProviderConfig = {
    issuer,
    clientId,
    clientSecret,
    label: `local development provider at ${issuer}`,
  };
  return {
    config,
    close: async () => {
      clearInterval(sweep);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
