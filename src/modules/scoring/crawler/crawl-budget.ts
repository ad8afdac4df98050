/**
 * How many pages a crawl may still fetch. Two separate counts:
 *   - pages read: successful HTML (or text) pages gathered, start page
 *     included, at most `maxPages`;
 *   - failed fetches: every fetch that gathered no page (a 404 or other
 *     error status, a timeout, a body that is not a page, a block page, a
 *     redirect off the site or onto a page already gathered), at most
 *     failedFetchAllowance(maxPages).
 * So a dead link or a redirect chain never takes the place of a page that
 * exists, and a site of dead links still ends early. Each round asks for no
 * more than either count has left, so neither bound is ever overshot.
 */

/** The old bound (two fetches per page of budget), kept for large budgets. */
export const FAILED_FETCHES_PER_PAGE = 2;
/**
 * Whatever the budget, a few dozen dead links must not end a crawl before it
 * reaches the pages that exist: the sites of the evaluation corpus have up to
 * about 60 links each that lead nowhere. A 404's body is not read, so each
 * costs one short request (and the crawl deadline still bounds them all).
 */
export const MIN_FAILED_FETCHES = 60;

export function failedFetchAllowance(maxPages: number): number {
  return Math.max(MIN_FAILED_FETCHES, FAILED_FETCHES_PER_PAGE * maxPages);
}

export class CrawlBudget {
  readonly #maxPages: number;
  #failuresLeft: number;

  constructor(maxPages: number) {
    this.#maxPages = maxPages;
    this.#failuresLeft = failedFetchAllowance(maxPages);
  }

  /** How many pages the next round may fetch, given how many are gathered; 0 when the crawl is done. */
  roundSize(pagesGathered: number): number {
    return Math.max(0, Math.min(this.#maxPages - pagesGathered, this.#failuresLeft));
  }

  /** After a round of `fetched` fetches that gathered `gathered` pages. */
  spend(fetched: number, gathered: number): void {
    this.#failuresLeft -= fetched - gathered;
  }
}
