/**
 * Authentication and authorisation, before body parsing and validation, so
 * a caller without credentials gets 401 whatever the body (spec part 5).
 * Credentials: `Authorization: Bearer <JWT>` or the `__session` cookie; a
 * bearer value that is not a JWT goes to the API-key seam.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Clock } from '../clock.ts';
import { ExpiringCache } from '../expiring-cache.ts';
import { SESSION_COOKIE, type BrowserSessions, type SessionRequest, type SetCookies } from '../identity/browser-sessions.ts';
import type { Identity } from '../identity/claims.ts';
import { looksLikeJwt, type TokenVerifier } from '../identity/token-verifier.ts';
import type { App, AuthMode, Principal } from './app-types.ts';
import { ApiError } from './errors.ts';
import { hasPermission, type Permission } from './permissions.ts';

export { SESSION_COOKIE };

/**
 * Who a verified identity is in our terms (the accounts module, adapted in
 * its routes/account-resolution.ts): its account and role; or its account
 * was erased (only a `startsOver` route may go on); or the error to refuse
 * the request with (a member without a seat).
 */
export type AccountResolution =
  { ok: true; accountId: string; role: Principal['role'] } | { ok: false; reason: 'account_erased' } | { ok: false; reason: 'refused'; error: ApiError };

/**
 * What an API key (a bearer value that is not a JWT) authenticates as: the
 * key's principal, or the error to refuse the request with (an unknown or
 * revoked key is 401; the API-keys module adapts its outcomes in its
 * routes/api-key-authentication.ts).
 */
export type ApiKeyAuthentication = { ok: true; principal: Principal } | { ok: false; error: ApiError };

export type ApiKeyAuthenticator = (key: string) => Promise<ApiKeyAuthentication>;

export interface AuthenticationDeps {
  verifier: TokenVerifier;
  resolveAccount(identity: Identity): Promise<AccountResolution>;
  /** Set once API keys exist; until then a non-JWT bearer value is simply invalid. */
  apiKeys?: ApiKeyAuthenticator;
  /** PUBLIC_BASE_URL's origin: where our own pages send cookie-authenticated changes from. */
  publicOrigin: string;
  clock: Clock;
  /** How a browser session is read and renewed (the identity provider's way: identity/browser-sessions.ts). */
  sessions: BrowserSessions;
}

/**
 * A token that verified is not verified again (a signature check per request
 * is most of authentication's own cost) for this long, and never past its
 * `exp`: the same bytes pass the same checks until then. The one thing that
 * could change meanwhile is the key set (a key withdrawn from the JWKS),
 * which the JWKS client caches for longer than this anyway.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKENS_MAX = 5_000;

/** Methods that change state: a cookie alone must not be able to make them from another site. */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request carried by the session cookie comes from our own pages.
 * SameSite=Lax keeps the cookie off most cross-site requests; this closes the
 * rest (a same-site sibling, an old browser). Sec-Fetch-Site says it outright
 * where the browser sends it; otherwise Origin must be ours (the public
 * address, or the host the request was sent to). Without either, refused: a
 * program should send a bearer token, not a browser's cookie.
 */
export function comesFromOurPages(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const requestOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
  return origin === publicOrigin || origin === requestOrigin;
}

/** Who may call each route, as declared: the authorisation tests run against every entry. */
export interface RouteAccess {
  method: string;
  url: string;
  auth: AuthMode;
  permission: Permission | null;
}

/**
 * Every /api route states who may call it; a forgotten declaration fails at
 * start, not in production. Returns the table of every route and its access,
 * filled as routes are added: install it before the first route (the API
 * document's and the metrics' included), or those escape both.
 */
export function installRouteGuard(app: App): RouteAccess[] {
  const routeTable: RouteAccess[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.config?.auth === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.auth`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, auth: route.config?.auth ?? 'public', permission: route.config?.permission ?? null });
    }
  });
  return routeTable;
}

/** Checks each request's credentials and permission against its route's declaration. */
export function installAuthentication(app: App, deps: AuthenticationDeps): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('erasedIdentity', null);
  app.decorateRequest('verifiedIdentity', null);
  app.decorateRequest('pageRefusal', null);
  const verifiedTokens = new ExpiringCache<string, Identity>({ clock: deps.clock, ttlMs: VERIFIED_TOKEN_TTL_MS, maxEntries: VERIFIED_TOKENS_MAX });
  const verify = async (token: string): Promise<Identity | null> => {
    const known = verifiedTokens.get(token);
    if (known) return known;
    const identity = await deps.verifier.verify(token);
    // Verified, so its exp is a number (the verifier requires it).
    if (identity) verifiedTokens.set(token, identity, verifiedTokens.ticket(), new Date((decodeJwt(token).exp ?? 0) * 1000));
    return identity;
  };
  const authenticateRequest = async (request: FastifyRequest, reply: FastifyReply, mode: AuthMode): Promise<void> => {
    if (mode === 'page') {
      const session = await deps.sessions.page(sessionRequestOf(request, deps.publicOrigin));
      setCookies(reply, session.setCookies);
      if (session.state === 'handshake') {
        // Through the identity provider and back: it renews the session, or says it ended.
        reply.code(307).header('location', session.location).header('cache-control', 'no-store').send();
        return;
      }
      request.principal = session.state === 'signed_in' ? await pageVisitor(request, session.token, deps, verify) : null;
      return;
    }
    const credential = readCredential(request);
    if (!credential) {
      if (mode === 'required') throw new ApiError('AUTH_REQUIRED');
      return;
    }
    const crossSite = credential.method === 'session' && STATE_CHANGING_METHODS.has(request.method) && !comesFromOurPages(request, deps.publicOrigin);
    // An expired browser session is renewed at the provider, for requests from our own pages only.
    const renew =
      credential.method === 'session' && !crossSite
        ? async () => {
            const renewed = await deps.sessions.refresh(sessionRequestOf(request, deps.publicOrigin));
            const identity = renewed ? await verify(renewed.token) : null;
            if (renewed && identity) setCookies(reply, renewed.setCookies);
            return identity;
          }
        : null;
    if (request.routeOptions.config.identityOnly) {
      // A person, not an account: an API key speaks for an account, so it is no credential here.
      const verified = looksLikeJwt(credential.value) ? await verify(credential.value) : null;
      const identity = verified ?? (await renew?.()) ?? null;
      // As below: an unusable credential is 401 first, then a cross-site session is refused.
      if (!identity) throw new ApiError('AUTH_REQUIRED');
      if (crossSite) throw new ApiError('FORBIDDEN');
      request.verifiedIdentity = identity;
      return;
    }
    const outcome = await authenticate(credential, deps, verify, renew);
    if (crossSite) throw new ApiError('FORBIDDEN');
    if ('erased' in outcome) {
      if (!request.routeOptions.config.startsOver) throw new ApiError('ACCOUNT_DELETED');
      request.erasedIdentity = outcome.erased;
      return;
    }
    request.principal = outcome;
    const permission = request.routeOptions.config.permission;
    if (permission && !hasPermission(request.principal.role, permission)) throw new ApiError('FORBIDDEN');
  };
  // A callback, not a promise: most requests (a public route, a page without a cookie) need nothing, and pass at once.
  app.addHook('onRequest', (request, reply, done) => {
    const mode = request.routeOptions.config.auth ?? 'public';
    if (mode === 'public') return done();
    // No cookie, no session (BrowserSessions.page): a visitor, without building the request's address for the port.
    if (mode === 'page' && request.headers.cookie === undefined) return done();
    authenticateRequest(request, reply, mode).then(() => done(), done);
  });
}

/** What the browser-session port needs of a request: its address at our public origin, cookies, and whether it loads a page. */
export function sessionRequestOf(request: FastifyRequest, publicOrigin: string): SessionRequest {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    url: new URL(request.url, publicOrigin),
    method: request.method,
    cookies: request.cookies ?? {},
    secFetchDest: header('sec-fetch-dest'),
    accept: header('accept'),
  };
}

/** Adds `Set-Cookie` values to the answer, beside any it has. */
export function setCookies(reply: FastifyReply, cookies: SetCookies): void {
  for (const cookie of cookies) reply.header('set-cookie', cookie);
}

interface Credential {
  value: string;
  method: 'session' | 'bearer';
}

function readCredential(request: FastifyRequest): Credential | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    // A malformed Authorization header is an invalid credential, not an absent one.
    return { value: match?.[1] ?? '', method: 'bearer' };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { value: cookie, method: 'session' } : null;
}

/** The caller, or the verified identity whose account was erased. */
async function authenticate(
  credential: Credential,
  deps: AuthenticationDeps,
  verify: (token: string) => Promise<Identity | null>,
  renew: (() => Promise<Identity | null>) | null = null,
): Promise<Principal | { erased: Identity }> {
  if (credential.method === 'bearer' && credential.value !== '' && !looksLikeJwt(credential.value)) {
    if (!deps.apiKeys) throw new ApiError('AUTH_REQUIRED');
    const outcome = await deps.apiKeys(credential.value);
    if (!outcome.ok) throw outcome.error;
    return outcome.principal;
  }
  const identity = (credential.value ? await verify(credential.value) : null) ?? (await renew?.()) ?? null;
  if (!identity) throw new ApiError('AUTH_REQUIRED');
  const resolved = await deps.resolveAccount(identity);
  if (!resolved.ok) {
    if (resolved.reason === 'account_erased') return { erased: identity };
    throw resolved.error;
  }
  return {
    userId: identity.userId,
    accountId: resolved.accountId,
    role: resolved.role,
    email: identity.email,
    method: credential.method,
    apiKeyId: null,
  };
}

/**
 * A page's signed-in visitor by the session token (the cookie's, or the one
 * a handshake just brought); nobody when it does not work. A valid session that its account refuses (a
 * member without a seat) is also nobody, with the refusal kept on the
 * request so an app page can say why instead of asking to sign in again.
 */
async function pageVisitor(
  request: FastifyRequest,
  token: string,
  deps: AuthenticationDeps,
  verify: (token: string) => Promise<Identity | null>,
): Promise<Principal | null> {
  try {
    const outcome = await authenticate({ value: token, method: 'session' }, deps, verify);
    return 'erased' in outcome ? null : outcome;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code !== 'AUTH_REQUIRED') request.pageRefusal = error;
    return null;
  }
}

/** The principal of a route declared `auth: 'required'`. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError('AUTH_REQUIRED');
  return request.principal;
}
