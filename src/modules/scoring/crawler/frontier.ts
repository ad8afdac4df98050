/**
 * The pages known but not yet fetched, de-duplicated, with the text of the
 * links that point to them and whether the sitemap lists them. `take` hands
 * out the best-ranked ones (page-ranking.ts), remembering how many of each
 * section it has handed out so a big section keeps paying for its size in
 * later rounds.
 * Pure and deterministic: the same additions in the same order give the same
 * batches.
 */
import { rankPage, rankSections, sectionOf, type RankedPage } from './page-ranking.ts';
import { pageKey, type SiteScope } from './site-scope.ts';

/** Bounds memory on link traps and huge sitemaps; later discoveries beyond it are dropped. */
export const MAX_FRONTIER_PAGES = 2000;
/** Link texts kept per page: enough to rank it, bounded for pages linked from everywhere. */
const MAX_LINK_TEXTS = 5;
const MAX_LINK_TEXT_LENGTH = 100;

interface Candidate {
  url: URL;
  linkTexts: string[];
  listedInSitemap: boolean;
}

export class Frontier {
  readonly #scope: SiteScope;
  readonly #candidates = new Map<string, Candidate>();
  readonly #seen = new Set<string>();
  /** Pages handed out by `take`, per section (page-ranking.ts). */
  readonly #handedOut = new Map<string, number>();
  #discovered = 0;

  constructor(scope: SiteScope) {
    this.#scope = scope;
  }

  /** Record a same-site link; others are ignored. */
  add(href: string, linkText = ''): void {
    const candidate = this.#candidate(href);
    const text = linkText.slice(0, MAX_LINK_TEXT_LENGTH);
    if (candidate !== null && text !== '' && candidate.linkTexts.length < MAX_LINK_TEXTS && !candidate.linkTexts.includes(text)) {
      candidate.linkTexts.push(text);
    }
  }

  /** Record a same-site page the site's sitemap lists; others are ignored. */
  addListed(href: string): void {
    const candidate = this.#candidate(href);
    if (candidate !== null) candidate.listedInSitemap = true;
  }

  /** The waiting candidate for a same-site address, added if new; null when off-site, seen already, or past the bound. */
  #candidate(href: string): Candidate | null {
    let parsed: URL;
    try {
      parsed = new URL(href);
    } catch {
      return null;
    }
    const url = this.#scope.canonicalise(parsed);
    if (url === null) return null;
    const key = pageKey(url);
    if (this.#seen.has(key)) return null;
    let candidate = this.#candidates.get(key);
    if (candidate === undefined) {
      if (this.#candidates.size >= MAX_FRONTIER_PAGES) return null;
      candidate = { url, linkTexts: [], listedInSitemap: false };
      this.#candidates.set(key, candidate);
      this.#discovered++;
    }
    return candidate;
  }

  /**
   * Mark a page as fetched or being fetched, under this address (any form of
   * it: see pageKey); returns false when it already was.
   */
  markSeen(url: URL): boolean {
    const key = pageKey(url);
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    this.#candidates.delete(key);
    return true;
  }

  /**
   * Up to `count` best-ranked pages that `isAllowed` accepts, marked seen.
   * Pages it refuses are removed and returned in `refused`, in rank order.
   */
  take(count: number, isAllowed: (url: URL) => boolean): { batch: RankedPage[]; refused: URL[] } {
    const ranked = rankSections(
      [...this.#candidates.values()].map((candidate) => ({
        url: candidate.url,
        rank: rankPage(candidate.url, candidate.linkTexts, candidate.listedInSitemap),
      })),
      (section) => this.#handedOut.get(section) ?? 0,
    );
    const batch: RankedPage[] = [];
    const refused: URL[] = [];
    for (const page of ranked) {
      if (batch.length >= count) break;
      this.markSeen(page.url);
      if (isAllowed(page.url)) {
        batch.push(page);
        const section = sectionOf(page.url);
        this.#handedOut.set(section, (this.#handedOut.get(section) ?? 0) + 1);
      } else {
        refused.push(page.url);
      }
    }
    return { batch, refused };
  }

  /** The distinct origins of the pages still waiting, in URL order. */
  origins(): string[] {
    return [...new Set([...this.#candidates.values()].map((candidate) => candidate.url.origin))].sort();
  }

  get size(): number {
    return this.#candidates.size;
  }

  /** Pages ever added as candidates (waiting, taken or refused since): it only grows. */
  get discovered(): number {
    return this.#discovered;
  }
}
