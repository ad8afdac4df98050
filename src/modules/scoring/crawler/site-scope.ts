/**
 * What counts as the same site, and when two URLs are the same page.
 *
 * The site is the start host and its `www.` twin (either way round), plus the
 * host the start page finally landed on and its twin. Ports count: a site on
 * :8080 is not the site on :80. URLs on a twin host are rewritten to the
 * canonical host (where the start page landed), so `example.com/pricing` and
 * `www.example.com/pricing` are fetched once, on the host that serves them.
 *
 * Two functions, two jobs: `canonicalise` gives the real URL to fetch (only
 * what never changes the response is dropped), `pageKey` gives the identity
 * used to de-duplicate, which is never fetched.
 */

/** Query parameters that only track the visitor and never change the page. */
const TRACKING_PARAMETERS = [/^utm_/, /^hsa_/, /^(gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|ref|ref_src)$/];

/** The file a static host serves for a directory address: `/docs/index.html` is `/docs/`. */
const DIRECTORY_INDEX_FILE = /\/index\.html?$/i;

/** Paths that name files rather than pages; not worth a request. */
const NON_PAGE_EXTENSION =
  /\.(pdf|png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?|css|js|mjs|map|json|xml|rss|atom|zip|gz|tgz|rar|7z|dmg|exe|msi|apk|mp3|mp4|m4a|mov|avi|webm|wav|ogg|woff2?|ttf|otf|eot|csv|xlsx?|docx?|pptx?)$/i;

export interface SiteScope {
  /** Scheme, host and port of the page the start URL landed on. */
  readonly canonicalOrigin: string;
  includes(url: URL): boolean;
  /** The URL to fetch for a same-site page link (twin host rewritten, tracking and fragment dropped); null when off-site or not a page. */
  canonicalise(url: URL): URL | null;
}

export function siteScope(start: URL, landed: URL = start): SiteScope {
  const bareHosts = new Set([bareHost(start), bareHost(landed)]);
  const canonicalBare = bareHost(landed);
  const includes = (url: URL) => (url.protocol === 'http:' || url.protocol === 'https:') && bareHosts.has(bareHost(url));
  return {
    canonicalOrigin: landed.origin,
    includes,
    canonicalise(url) {
      if (!includes(url) || NON_PAGE_EXTENSION.test(url.pathname)) return null;
      const page = new URL(url.href);
      page.hash = '';
      const kept = withoutTrackingParameters(page.searchParams);
      // Rewritten only when something was dropped: re-encoding could change the address the server sees.
      if (kept.size !== page.searchParams.size) page.search = kept.toString();
      if (bareHost(page) === canonicalBare) {
        page.protocol = landed.protocol;
        page.host = landed.host;
      }
      return page;
    },
  };
}

/**
 * The identity of a page for de-duplication, never an address to fetch:
 * `/pricing`, `/pricing/`, `/pricing/index.html`, `http://www.example.com:80/pricing#faq`
 * and `https://example.com/pricing?utm_source=x` are one page. The host
 * (lower case, as URL gives it) loses a leading `www.`; the scheme does not
 * count, nor does its default port (URL drops :80 for http and :443 for
 * https; any other port stays); the fragment and tracking parameters are
 * dropped, the remaining parameters sorted; a trailing `index.html` or
 * `index.htm` and trailing slashes go. Path case and percent-encoding are
 * kept as they are: servers may tell them apart.
 */
export function pageKey(url: URL): string {
  const params = withoutTrackingParameters(url.searchParams);
  params.sort();
  const query = params.toString();
  const path = url.pathname.replace(DIRECTORY_INDEX_FILE, '/').replace(/\/+$/, '') || '/';
  return `${bareHost(url)}${path}${query === '' ? '' : `?${query}`}`;
}

/** A copy of `params` without the parameters that only track the visitor. */
function withoutTrackingParameters(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if (!TRACKING_PARAMETERS.some((pattern) => pattern.test(name.toLowerCase()))) kept.append(name, value);
  }
  return kept;
}

/** host[:port] without a leading `www.`. */
function bareHost(url: URL): string {
  return url.host.replace(/^www\./, '');
}
