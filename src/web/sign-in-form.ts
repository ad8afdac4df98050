/**
 * POST /sign-in with the built-in development identity provider: signs a
 * session token for the identity the form names, sets the `__session`
 * cookie, and sends the browser back where it was going (`next`). Registered
 * only when that provider is in use.
 */
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { App } from '../http/app-types.ts';
import { SESSION_COOKIE } from '../http/authentication.ts';
import { type DevSigningKey, signDevToken } from '../identity/dev-identity.ts';
import { ROLES } from '../vocabulary/roles.ts';
import { page } from './html.ts';
import { hasValidCsrfToken } from './csrf.ts';

/** A development session lasts a working day. */
const SESSION_TTL_SECONDS = 8 * 3600;

/** Longer than any path of ours with its query; a longer `next` is not one of ours. */
export const NEXT_MAX_LENGTH = 2000;

/** Where a sign-in without a (usable) `next` lands. */
const AFTER_SIGN_IN = '/';

const SignInForm = Type.Object({
  sub: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.@:-]+$' }),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  account: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_.:-]*$' })),
  role: Type.Optional(Type.Enum(ROLES)),
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
  next: Type.Optional(Type.String({ maxLength: NEXT_MAX_LENGTH })),
});

/** Any origin will do: a path resolved against it must keep it, or it was not a path. */
const PROBE_ORIGIN = 'http://next.invalid';

/**
 * `next` as a path on this site, or null. Only a path is accepted, never an
 * address: otherwise a link to our sign-in page could send a person who
 * signed in to any site (an open redirect). So it must start with one "/",
 * and neither "//" nor "/\" (both of which browsers read as another host),
 * and hold no backslash or control character (which browsers strip or turn
 * into "/"). Resolving it against a probe origin must keep that origin.
 * The checks are made again on the path as resolved, which is what the
 * redirect sends: dot segments can turn a harmless-looking path into one
 * that starts with "//" ("/r/../..//evil.example" resolves to
 * "//evil.example", another host to a browser).
 */
export function sameSitePath(next: string | undefined): string | null {
  if (!next || next.length > NEXT_MAX_LENGTH || !isPlainPath(next)) return null;
  let resolved: URL;
  try {
    resolved = new URL(next, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (resolved.origin !== PROBE_ORIGIN) return null;
  const normalised = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return isPlainPath(normalised) ? normalised : null;
}

/** One leading "/", not "//" or "/\\", and no backslash or control character anywhere. */
function isPlainPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  return path.startsWith('/') && !path.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(path);
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPath(path: string): string {
  return `/sign-in?${new URLSearchParams({ next: path })}`;
}

export function registerDevSignIn(app: App, deps: { config: Config; devKey: DevSigningKey; clock: Clock }): void {
  const { config, devKey } = deps;
  const secureCookies = config.publicBaseUrl.startsWith('https:');
  app.post('/sign-in', { config: { auth: 'public' }, schema: { hide: true, body: SignInForm } }, async (request, reply) => {
    const { sub, email, account, role, csrf, next } = request.body;
    // Without it, another site could sign a visitor in as an identity of its choosing.
    if (!hasValidCsrfToken(request, csrf)) {
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send(page('Form expired', '<h1>Form expired</h1><p>Open the sign-in page again and submit it there.</p>'));
    }
    const token = await signDevToken(
      devKey,
      config.identity.issuer,
      // A form that names no role joins with the least one; the page's own form defaults to owner.
      { sub, ...(email ? { email } : {}), ...(account ? { account, role: role ?? 'member' } : {}), ttlSeconds: SESSION_TTL_SECONDS },
      deps.clock.now(),
    );
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: SESSION_TTL_SECONDS,
    });
    return reply.redirect(sameSitePath(next) ?? AFTER_SIGN_IN, 303);
  });
}
