/**
 * Browser sessions: what a request's cookies say about who is signed in, and
 * how an expired session is renewed. Two implementations behind one port:
 *
 * - `cookieSessions`: the session cookie holds a token that lasts as long as
 *   it lasts (the development provider signs one for a working day). Nothing
 *   is renewed.
 * - `handshakeSessions`: a Clerk-style provider, done the way its backend
 *   SDK does it (@clerk/backend, authenticateRequest). The `__session`
 *   cookie holds a short-lived token (about 60 s); `__client_uat` says when
 *   the person last signed in or out at the provider; the provider's own
 *   `__client` cookie, which we never see, holds the real session at its
 *   Frontend API. A page request whose session is missing, stale or expired
 *   while `__client_uat` says signed in is sent through the provider's
 *   handshake (`<frontend api>/v1/client/handshake?redirect_url=...`): the
 *   provider reads its `__client` cookie and sends the browser back with a
 *   `__clerk_handshake` cookie holding a JWT signed with the instance's key,
 *   whose `handshake` claim lists the cookies to set (a fresh `__session`,
 *   or ones that sign the person out). A request that is not a page load
 *   cannot be redirected: when the provider left a `__refresh` cookie, its
 *   expired token is refreshed against the Backend API
 *   (`POST <api>/v1/sessions/<sid>/refresh`, with the secret key), else it
 *   is signed out (401; the page's script takes the way back through
 *   sign-in, which handshakes). A redirect loop is cut after three
 *   handshakes in three seconds, as the SDK cuts it. Signing out revokes
 *   the session at the provider (`POST <api>/v1/sessions/<sid>/revoke`), so
 *   the next handshake cannot sign the person back in.
 *
 * Where Clerk's SDK differs: it refreshes only GET requests (its browser
 * script keeps the token fresh for the rest); our pages load no provider
 * script, so any request carried by the cookie from our own pages may be
 * refreshed. The handshake result is read from the cookie only, as
 * production instances deliver it, never from the `__clerk_handshake` query
 * parameter of development instances: a link carrying someone else's
 * handshake would sign the person who follows it in as someone else.
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../clock.ts';
import { ACCEPTED_ALGORITHMS } from './token-verifier.ts';

export const SESSION_COOKIE = '__session';
export const CLIENT_UAT_COOKIE = '__client_uat';
export const REFRESH_COOKIE = '__refresh';
export const HANDSHAKE_COOKIE = '__clerk_handshake';
export const REDIRECT_COUNT_COOKIE = '__clerk_redirect_count';
/** Handshakes in a row (within REDIRECT_COUNT_MAX_AGE_SECONDS of each other) before the loop is cut and the person signed out. */
const MAX_HANDSHAKES_IN_A_ROW = 3;
const REDIRECT_COUNT_MAX_AGE_SECONDS = 3;
const PROVIDER_TIMEOUT_MS = 5_000;

/** What a session decision needs of a request. */
export interface SessionRequest {
  /** The address the browser asked for, absolute, at the service's public address. */
  url: URL;
  method: string;
  cookies: Readonly<Record<string, string | undefined>>;
  /** `Sec-Fetch-Dest`: a browser loading a page says `document`. */
  secFetchDest: string | undefined;
  accept: string | undefined;
}

/** `Set-Cookie` values to send with the answer, as the provider wrote them or as we clear ours. */
export type SetCookies = string[];

export type PageSession =
  /** The token to authenticate the visit with (still to be verified), and cookies to set with the answer. */
  | { state: 'signed_in'; token: string; setCookies: SetCookies }
  | { state: 'signed_out'; setCookies: SetCookies }
  /** Send the browser through the provider to renew the session, then back here. */
  | { state: 'handshake'; location: string; setCookies: SetCookies };

export interface BrowserSessions {
  /**
   * A page load (or any request) of a page route: who it is, or the redirect that finds out.
   * A request with no cookies at all is signed out, with nothing to set: authentication answers it without asking.
   */
  page(request: SessionRequest): Promise<PageSession>;
  /** An API request whose session token no longer verifies: a renewed token and its cookies, or null (signed out). */
  refresh(request: SessionRequest): Promise<{ token: string; setCookies: SetCookies } | null>;
  /** Ends the session (at the provider too, where there is one); the cookies that clear it here. */
  signOut(request: SessionRequest): Promise<SetCookies>;
}

/** Clears a host cookie of ours. */
export function clearedCookie(name: string, secure: boolean): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Sessions whose cookie lasts as long as its token: the development provider, or an external one without a Frontend API. */
export function cookieSessions(options: { secureCookies: boolean }): BrowserSessions {
  return {
    async page(request) {
      const token = request.cookies[SESSION_COOKIE];
      return token ? { state: 'signed_in', token, setCookies: [] } : { state: 'signed_out', setCookies: [] };
    },
    async refresh() {
      return null;
    },
    async signOut() {
      return [clearedCookie(SESSION_COOKIE, options.secureCookies)];
    },
  };
}

export interface HandshakeSessionOptions {
  frontendApiUrl: string;
  apiUrl: string;
  secretKey: string;
  /** The provider's JWKS: it signs the session tokens and the handshake. */
  jwksUrl: string;
  clockSkewSeconds: number;
  secureCookies: boolean;
  clock: Clock;
  /** The HTTP seam (tests may hand in their own). */
  fetch?: typeof fetch;
  onProblem?: (message: string, detail?: unknown) => void;
}

/** Sessions renewed the Clerk way: handshake for page loads, refresh for the rest, revocation at sign-out. */
export function handshakeSessions(options: HandshakeSessionOptions): BrowserSessions {
  const keySet: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS, cooldownDuration: 30_000 });
  const httpFetch = options.fetch ?? fetch;
  const problem = options.onProblem ?? (() => {});
  const nowSeconds = () => Math.floor(options.clock.now().getTime() / 1000);

  /** The cookies the provider's handshake JWT asks us to set, or null when it does not verify. */
  async function handshakeCookies(token: string): Promise<SetCookies | null> {
    try {
      const { payload } = await jwtVerify(token, keySet, {
        algorithms: ACCEPTED_ALGORITHMS,
        currentDate: options.clock.now(),
        clockTolerance: options.clockSkewSeconds,
      });
      const directives = payload.handshake;
      if (!Array.isArray(directives) || !directives.every((directive) => typeof directive === 'string')) return null;
      return directives as string[];
    } catch (error) {
      problem('handshake did not verify', error);
      return null;
    }
  }

  /** Sends a page load through the provider's handshake, unless it cannot be redirected or has looped. */
  function maybeHandshake(request: SessionRequest, reason: string, setCookies: SetCookies): PageSession {
    const isPageLoad =
      request.secFetchDest === 'document' ||
      request.secFetchDest === 'iframe' ||
      (request.secFetchDest === undefined && (request.accept ?? '').startsWith('text/html'));
    if (!isPageLoad || (request.method !== 'GET' && request.method !== 'HEAD')) return { state: 'signed_out', setCookies };
    const count = Number(request.cookies[REDIRECT_COUNT_COOKIE] ?? 0) || 0;
    if (count >= MAX_HANDSHAKES_IN_A_ROW) {
      problem(
        `the session handshake looped ${count} times; treating the visit as signed out (do IDENTITY_JWKS_URL and IDENTITY_FRONTEND_API_URL name one instance?)`,
      );
      return { state: 'signed_out', setCookies };
    }
    const location = new URL(`${options.frontendApiUrl}/v1/client/handshake`);
    location.searchParams.set('redirect_url', request.url.href);
    location.searchParams.set('suffixed_cookies', 'false');
    location.searchParams.set('__clerk_hs_reason', reason);
    const counted = `${REDIRECT_COUNT_COOKIE}=${count + 1}; Path=/; Max-Age=${REDIRECT_COUNT_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${options.secureCookies ? '; Secure' : ''}`;
    return { state: 'handshake', location: location.href, setCookies: [...setCookies, counted] };
  }

  async function callBackendApi(path: string, body: Record<string, unknown>): Promise<unknown> {
    const response = await httpFetch(`${options.apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  return {
    async page(request) {
      const setCookies: SetCookies = [];
      const sessionToken = request.cookies[SESSION_COOKIE];
      const clientUat = Number(request.cookies[CLIENT_UAT_COOKIE] ?? 0) || 0;

      const handshake = request.cookies[HANDSHAKE_COOKIE];
      if (handshake) {
        // Read once: whatever it says, it is not read again.
        setCookies.push(clearedCookie(HANDSHAKE_COOKIE, options.secureCookies));
        const directives = await handshakeCookies(handshake);
        if (directives) {
          setCookies.push(...directives, clearedCookie(REDIRECT_COUNT_COOKIE, options.secureCookies));
          // The handshake is the provider's word now: no session in it is no session.
          const session = cookieNamed(directives, SESSION_COOKIE);
          return session ? { state: 'signed_in', token: session, setCookies } : { state: 'signed_out', setCookies };
        }
      }

      if (!clientUat && !sessionToken) return { state: 'signed_out', setCookies };
      if (!clientUat) return maybeHandshake(request, 'session-token-but-no-client-uat', setCookies);
      if (!sessionToken) return maybeHandshake(request, 'client-uat-but-no-session-token', setCookies);
      let claims: { iat?: number; exp?: number; nbf?: number };
      try {
        claims = decodeJwt(sessionToken);
      } catch {
        return { state: 'signed_out', setCookies };
      }
      // Signed in or out at the provider since this token was made (another tab, another account).
      if (typeof claims.iat === 'number' && claims.iat < clientUat) return maybeHandshake(request, 'session-token-iat-before-client-uat', setCookies);
      const skew = options.clockSkewSeconds;
      const now = nowSeconds();
      if (typeof claims.exp === 'number' && claims.exp + skew <= now) return maybeHandshake(request, 'session-token-expired', setCookies);
      if (typeof claims.nbf === 'number' && claims.nbf - skew > now) return maybeHandshake(request, 'session-token-nbf', setCookies);
      // Current: the caller verifies it (signature, issuer, parties) like any token.
      return { state: 'signed_in', token: sessionToken, setCookies };
    },

    async refresh(request) {
      const expired = request.cookies[SESSION_COOKIE];
      const refreshToken = request.cookies[REFRESH_COOKIE];
      if (!expired || !refreshToken) return null;
      let sid: unknown;
      try {
        sid = decodeJwt(expired).sid;
      } catch {
        return null;
      }
      if (typeof sid !== 'string' || sid === '') return null;
      try {
        const answer = await callBackendApi(`/v1/sessions/${encodeURIComponent(sid)}/refresh`, {
          format: 'cookie',
          suffixed_cookies: false,
          expired_token: expired,
          refresh_token: refreshToken,
          request_origin: request.url.origin,
        });
        const cookies = (answer as { cookies?: unknown } | null)?.cookies;
        if (!Array.isArray(cookies) || !cookies.every((cookie) => typeof cookie === 'string')) return null;
        const token = cookieNamed(cookies as string[], SESSION_COOKIE);
        return token ? { token, setCookies: cookies as string[] } : null;
      } catch (error) {
        problem('session refresh refused', error);
        return null;
      }
    },

    async signOut(request) {
      const token = request.cookies[SESSION_COOKIE];
      let sid: unknown;
      try {
        sid = token ? decodeJwt(token).sid : null;
      } catch {
        sid = null;
      }
      if (typeof sid === 'string' && sid !== '') {
        try {
          await callBackendApi(`/v1/sessions/${encodeURIComponent(sid)}/revoke`, {});
        } catch (error) {
          // Signed out here all the same; the provider's session ends when it expires there.
          problem('session revocation at sign-out failed', error);
        }
      }
      return [clearedCookie(SESSION_COOKIE, options.secureCookies), clearedCookie(REFRESH_COOKIE, options.secureCookies)];
    },
  };
}

/** The value a `Set-Cookie` directive of `name` sets, or null when none does (an empty value clears it: null too). */
export function cookieNamed(directives: readonly string[], name: string): string | null {
  for (const directive of directives) {
    const pair = directive.split(';', 1)[0] ?? '';
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const value = pair.slice(equals + 1).trim();
    return value === '' ? null : value;
  }
  return null;
}
