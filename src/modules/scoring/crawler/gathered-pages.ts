/**
 * The pages a crawl has gathered, each under every address it answers to,
 * and the rule for when a fetched page is one of them.
 *
 * A page answers to the address requested, each redirect hop, the address it
 * landed on (the one it is analysed under) and the same-site rel=canonical
 * address it declares. Addresses are compared by page key (site-scope.ts), so
 * /pricing and /pricing/, http and https, www and the apex are one page.
 *
 * A fetch is a duplicate only when it lands on a page already gathered, or
 * declares one as its canonical address (and has its title: see
 * isSameDocument). Landing on another form of the
 * page it asked for (/pricing -> /pricing/) is not: the requested address is
 * marked seen when the page is handed out, but it is not gathered until its
 * response is in.
 */
import type { PageArtifact } from '../artifacts.ts';
import { pageKey, type SiteScope } from './site-scope.ts';

export interface GatheredPage {
  artifact: PageArtifact;
  /** The address requested (the frontier's form of it). */
  url: URL;
  rank: number;
}

/** Where a fetched page stands: gathered, with every address it answers to (to mark seen), or a duplicate. */
export type Landing = { kind: 'gathered'; addresses: URL[] } | { kind: 'duplicate' };

export class GatheredPages {
  readonly #scope: SiteScope;
  readonly #pages: GatheredPage[] = [];
  /** The page key of every address a gathered page answers to, to that page. */
  readonly #byKey = new Map<string, GatheredPage>();

  constructor(scope: SiteScope) {
    this.#scope = scope;
  }

  get size(): number {
    return this.#pages.length;
  }

  /** In the order they were gathered. */
  get pages(): readonly GatheredPage[] {
    return this.#pages;
  }

  /**
   * Gather `page` unless it is a duplicate. `reachedThrough` lists the
   * addresses the fetch went through, requested first, final last.
   */
  admit(page: GatheredPage, reachedThrough: readonly string[]): Landing {
    const final = new URL(page.artifact.finalUrl);
    const finalKey = pageKey(final);
    if (this.#byKey.has(finalKey)) return { kind: 'duplicate' };

    const addresses = [...new Set([...reachedThrough, final.href])].map((address) => new URL(address));
    const canonical = this.#sameSiteCanonical(page.artifact);
    if (canonical !== null && pageKey(canonical) !== finalKey) {
      const named = this.#byKey.get(pageKey(canonical));
      if (named === undefined) addresses.push(canonical);
      else if (isSameDocument(named.artifact, page.artifact)) return { kind: 'duplicate' };
    }

    this.#pages.push(page);
    for (const address of addresses) {
      const key = pageKey(address);
      if (!this.#byKey.has(key)) this.#byKey.set(key, page);
    }
    return { kind: 'gathered', addresses };
  }

  /** The page's rel=canonical address when it is a page of this site; a canonical elsewhere is ignored. */
  #sameSiteCanonical(artifact: PageArtifact): URL | null {
    if (artifact.canonicalUrl === null) return null;
    const declared = URL.parse(artifact.canonicalUrl);
    return declared === null ? null : this.#scope.canonicalise(declared);
  }
}

/**
 * Whether a page declaring `gathered` as its canonical address is really a
 * copy of it. A site template that gives every page the home page as its
 * canonical address is a common mistake; believed, it would reduce the crawl
 * to one page. So the declaration counts only when the titles agree too.
 * Best-effort: two copies whose titles differ are both kept.
 */
function isSameDocument(gathered: PageArtifact, declaring: PageArtifact): boolean {
  return gathered.title === declaring.title;
}
