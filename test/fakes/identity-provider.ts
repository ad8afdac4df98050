/**
 * A local Clerk-style identity provider speaking the parts of the protocol
 * the service uses (issue 24, item 3):
 *
 * - Frontend API: `GET /v1/client/handshake?redirect_url=` reads the
 *   provider's own `__client` cookie and sends the browser back to
 *   redirect_url with a `__clerk_handshake` cookie: a JWT signed with the
 *   instance key whose `handshake` claim lists the cookies to set (a fresh
 *   60-second `__session`, `__client_uat`, `__refresh`; or ones that sign
 *   the person out). `GET /.well-known/jwks.json` publishes the key.
 * - Backend API (bearer secret key): `POST /v1/sessions/<sid>/refresh`
 *   ({ expired_token, refresh_token, format: 'cookie' } -> { object:
 *   'cookies', cookies }) and `POST /v1/sessions/<sid>/revoke`.
 * - `GET /sign-in?user_id=&org_id=&org_role=&redirect_url=` stands in for
 *   the hosted sign-in page: it signs the person in (a client and an active
 *   session), sets `__client` and `__client_uat`, and goes back.
 *
 * It runs on 127.0.0.1 like the service, so, as with a provider on a
 * subdomain of the service's domain, the browser sends the cookies it sets
 * for the service's host to the service too. Time comes from the clock it is
 * given, so a test can move through minutes at once.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type CryptoKey, type JWK } from 'jose';
import type { Clock } from '../../src/clock.ts';

/** How long a session token lives: Clerk's default. */
export const SESSION_TOKEN_SECONDS = 60;

interface Session {
  id: string;
  clientId: string;
  userId: string;
  organization: { id: string; role: string; slug: string | null } | null;
  status: 'active' | 'revoked';
  refreshToken: string;
}

export interface FakeIdentityProvider {
  /** The provider's origin: its Frontend API, Backend API and issuer at once. */
  url: string;
  jwksUrl: string;
  secretKey: string;
  /** The address of its sign-in page for a person, coming back to `redirectUrl`. */
  signInUrl(person: { userId: string; orgId?: string; orgRole?: string }, redirectUrl: string): string;
  /** Ends the person's active sessions, as an admin revoking them in the provider's dashboard. */
  revokeSessionsOf(userId: string): void;
  counts(): { handshakes: number; refreshes: number; revocations: number };
  /** A session token for the person with these claims over the usual ones (as a backend's getToken would mint). */
  mintToken(userId: string, claims: Record<string, unknown>): Promise<string>;
  /** Sign handshakes with a key the JWKS does not publish (a misconfigured instance). */
  signHandshakesWithAnotherKey(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeIdentityProvider(options: { clock: Clock }): Promise<FakeIdentityProvider> {
  const { clock } = options;
  const kid = `ins_${crypto.randomBytes(6).toString('hex')}`;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  let handshakeKey: CryptoKey = privateKey;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const secretKey = `sk_test_${crypto.randomBytes(16).toString('hex')}`;
  const clients = new Map<string, { sessionId: string | null; uat: number }>();
  const sessions = new Map<string, Session>();
  const counts = { handshakes: 0, refreshes: 0, revocations: 0 };
  let origin = '';
  const seconds = () => Math.floor(clock.now().getTime() / 1000);

  async function sessionToken(session: Session, azp: string): Promise<string> {
    const now = seconds();
    const claims: Record<string, unknown> = { sid: session.id, azp, v: 2 };
    if (session.organization) claims.o = { id: session.organization.id, rol: session.organization.role, slg: session.organization.slug ?? undefined };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(origin)
      .setSubject(session.userId)
      .setIssuedAt(now)
      .setNotBefore(now - 10)
      .setExpirationTime(now + SESSION_TOKEN_SECONDS)
      .sign(privateKey);
  }

  const signedOutCookies = () => [
    '__session=; Path=/; Max-Age=0; SameSite=Lax',
    '__client_uat=0; Path=/; SameSite=Lax',
    '__refresh=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
  ];

  async function handshakeCookies(request: http.IncomingMessage, redirectUrl: URL): Promise<string[]> {
    const client = clients.get(cookiesOf(request).__client ?? '');
    const session = client?.sessionId ? sessions.get(client.sessionId) : undefined;
    if (!client || !session || session.status !== 'active') return signedOutCookies();
    return [
      `__session=${await sessionToken(session, redirectUrl.origin)}; Path=/; SameSite=Lax`,
      `__client_uat=${client.uat}; Path=/; SameSite=Lax`,
      `__refresh=${session.refreshToken}; Path=/; HttpOnly; SameSite=Lax`,
    ];
  }

  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ code: 'unexpected_error', message: String(error) }] }));
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

    if (request.method === 'GET' && url.pathname === '/.well-known/jwks.json') return void json(200, { keys: [jwk] });

    if (request.method === 'GET' && url.pathname === '/sign-in') {
      const userId = url.searchParams.get('user_id') ?? '';
      const orgId = url.searchParams.get('org_id');
      const clientId = `client_${crypto.randomBytes(8).toString('hex')}`;
      const session: Session = {
        id: `sess_${crypto.randomBytes(8).toString('hex')}`,
        clientId,
        userId,
        organization: orgId ? { id: orgId, role: url.searchParams.get('org_role') ?? 'org:member', slug: null } : null,
        status: 'active',
        refreshToken: crypto.randomBytes(24).toString('base64url'),
      };
      sessions.set(session.id, session);
      clients.set(clientId, { sessionId: session.id, uat: seconds() });
      response.writeHead(303, {
        location: url.searchParams.get('redirect_url') ?? '/',
        'set-cookie': [`__client=${clientId}; Path=/; HttpOnly; SameSite=Lax`, `__client_uat=${seconds()}; Path=/; SameSite=Lax`],
      });
      return void response.end();
    }

    if (request.method === 'GET' && url.pathname === '/v1/client/handshake') {
      counts.handshakes++;
      const redirectUrl = new URL(url.searchParams.get('redirect_url') ?? '');
      const now = seconds();
      const directives = [...(await handshakeCookies(request, redirectUrl)), '__clerk_handshake=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax'];
      const handshake = await new SignJWT({ handshake: directives })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(handshakeKey);
      response.writeHead(307, {
        location: redirectUrl.href,
        'set-cookie': `__clerk_handshake=${handshake}; Path=/; HttpOnly; SameSite=Lax`,
        'cache-control': 'no-store',
      });
      return void response.end();
    }

    const backend = /^\/v1\/sessions\/([^/]+)\/(refresh|revoke)$/.exec(url.pathname);
    if (request.method === 'POST' && backend) {
      if (request.headers.authorization !== `Bearer ${secretKey}`) return void json(401, { errors: [{ code: 'authentication_invalid' }] });
      const body = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
      const session = sessions.get(decodeURIComponent(backend[1]!));
      if (!session) return void json(404, { errors: [{ code: 'resource_not_found' }] });
      if (backend[2] === 'revoke') {
        counts.revocations++;
        session.status = 'revoked';
        return void json(200, { object: 'session', id: session.id, status: session.status });
      }
      counts.refreshes++;
      const expired = typeof body.expired_token === 'string' ? decodeJwt(body.expired_token) : null;
      if (session.status !== 'active') return void json(400, { errors: [{ code: 'session_not_active' }] });
      if (body.refresh_token !== session.refreshToken || expired?.sid !== session.id) return void json(400, { errors: [{ code: 'refresh_token_invalid' }] });
      const requestOrigin = typeof body.request_origin === 'string' ? body.request_origin : origin;
      return void json(200, { object: 'cookies', cookies: [`__session=${await sessionToken(session, requestOrigin)}; Path=/; SameSite=Lax`] });
    }

    json(404, { errors: [{ code: 'resource_not_found' }] });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    jwksUrl: `${origin}/.well-known/jwks.json`,
    secretKey,
    signInUrl(person, redirectUrl) {
      const target = new URL('/sign-in', origin);
      target.searchParams.set('user_id', person.userId);
      if (person.orgId) target.searchParams.set('org_id', person.orgId);
      if (person.orgRole) target.searchParams.set('org_role', person.orgRole);
      target.searchParams.set('redirect_url', redirectUrl);
      return target.href;
    },
    revokeSessionsOf(userId) {
      for (const session of sessions.values()) if (session.userId === userId) session.status = 'revoked';
    },
    counts: () => ({ ...counts }),
    async mintToken(userId, claims) {
      const now = seconds();
      return new SignJWT({ sid: `sess_${crypto.randomBytes(8).toString('hex')}`, v: 2, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(origin)
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + SESSION_TOKEN_SECONDS)
        .sign(privateKey);
    },
    async signHandshakesWithAnotherKey() {
      handshakeKey = (await generateKeyPair('RS256')).privateKey;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function cookiesOf(request: http.IncomingMessage): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0) cookies[pair.slice(0, equals).trim()] = pair.slice(equals + 1).trim();
  }
  return cookies;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
