/**
 * Security headers (helmet) on every response: the HTML pages (home, sign-in,
 * local checkout, the API reference at /docs) are what they protect; JSON
 * answers carry them too, harmlessly, so a page added later cannot be
 * forgotten. One policy serves every page: ours load one stylesheet and
 * a few module scripts from this origin (web/assets.ts), with no inline
 * script or style; the API reference at /docs is one of them.
 *
 * The policy is the same for every response (no per-request nonce), so
 * helmet computes the headers once, at start, and each response copies them:
 * building them per request cost about a tenth of the service's CPU when
 * serving shared results (docs/BENCHMARKS.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../http/app-types.ts';

/** A year, the usual HSTS lifetime. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

export function installSecurityHeaders(app: App, publicBaseUrl: string): void {
  const headers = securityHeaders(securityHeaderOptions(publicBaseUrl));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The header fields helmet sets for these options, read once by running it against a recording response. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export function securityHeaderOptions(publicBaseUrl: string): HelmetOptions {
  // The page may be opened under another name than PUBLIC_BASE_URL (127.0.0.1 for localhost), and the
  // local checkout's Pay redirects to PUBLIC_BASE_URL, which form-action also governs; the API
  // document's "Try it out" calls the server it names, PUBLIC_BASE_URL.
  const ownOrigins = [...new Set(["'self'", new URL(publicBaseUrl).origin])];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'none'"],
        'connect-src': ownOrigins,
        'font-src': ["'self'", 'data:'],
        'form-action': ownOrigins,
        'frame-ancestors': ["'none'"],
        'img-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        // No upgrade-insecure-requests: a development server on http:// would then ask for its own assets over https.
      },
    },
    // For browsers older than frame-ancestors.
    frameguard: { action: 'deny' },
    // Nothing leaves for another origin (the checkout page's address carries its session token), and a
    // same-origin form post keeps its Origin header, which "no-referrer" would turn into "null".
    referrerPolicy: { policy: 'same-origin' },
    // Only a service published over https can ask browsers to insist on it.
    strictTransportSecurity: publicBaseUrl.startsWith('https:') ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  };
}
