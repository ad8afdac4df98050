/**
 * Security headers (helmet) on every response: the HTML pages (home, sign-in,
 * local checkout, the API reference at /docs) are what they protect; JSON
 * answers carry them too, harmlessly, so a page added later cannot be
 * forgotten. One policy serves every page: ours need only their one inline
 * stylesheet (allowed by its hash), Swagger UI only scripts and styles from
 * this origin.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { App } from '../http/app-types.ts';
import { PAGE_STYLE_HASH } from './html.ts';

/** A year, the usual HSTS lifetime. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

export async function installSecurityHeaders(app: App, publicBaseUrl: string): Promise<void> {
  await app.register(helmet, securityHeaderOptions(publicBaseUrl));
}

export function securityHeaderOptions(publicBaseUrl: string): FastifyHelmetOptions {
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
        'style-src': ["'self'", `'${PAGE_STYLE_HASH}'`],
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
