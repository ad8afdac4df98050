/**
 * robots.txt per origin for one crawl: fetched once on first need (concurrent
 * askers share the fetch), then answered synchronously for ranking rounds.
 */
import { FetchFailure } from './crawl-errors.ts';
import { fetchFollowingRedirects, type FetchContext } from './http-fetch.ts';
import { ROBOTS_MAX_BYTES, robotsVerdict, type RobotsVerdict } from './robots.ts';

const ROBOTS_ACCEPT = 'text/plain,*/*;q=0.1';

export class RobotsCache {
  readonly #context: FetchContext;
  readonly #pending = new Map<string, Promise<RobotsVerdict>>();
  readonly #loaded = new Map<string, RobotsVerdict>();

  constructor(context: FetchContext) {
    this.#context = context;
  }

  /** The verdict for an origin, fetching its robots.txt the first time. Rejects only when the crawl is aborted. */
  verdictFor(origin: string): Promise<RobotsVerdict> {
    let verdict = this.#pending.get(origin);
    if (verdict === undefined) {
      verdict = this.#load(origin);
      this.#pending.set(origin, verdict);
    }
    return verdict;
  }

  /** The verdict for an origin whose robots.txt has already been loaded. */
  loaded(origin: string): RobotsVerdict | undefined {
    return this.#loaded.get(origin);
  }

  async #load(origin: string): Promise<RobotsVerdict> {
    const url = new URL('/robots.txt', origin);
    let verdict: RobotsVerdict;
    try {
      // Redirects are followed wherever the address rule allows (RFC 9309 section 2.3.1.2).
      const request = { url, accept: ROBOTS_ACCEPT, maxBytes: ROBOTS_MAX_BYTES, readsBody: () => true };
      const resource = await fetchFollowingRedirects(request, this.#context);
      verdict = robotsVerdict(url, resource, this.#context.userAgent);
    } catch (error) {
      if (!(error instanceof FetchFailure)) throw error;
      verdict = { kind: 'unreachable', reason: error.message, refusedAddress: error.refusedAddress };
    }
    this.#loaded.set(origin, verdict);
    return verdict;
  }
}
