/**
 * One crawl, in deterministic rounds:
 *   1. robots.txt of the start origin (a disallowed start page fails the crawl);
 *   2. the start page, and sitemap discovery alongside it;
 *   3. rounds of the best-ranked unseen pages (page-ranking.ts: a listed
 *      page before a link-only one of the same rank, no one section crowding
 *      out the rest), as many as the budget still allows (crawl-budget.ts:
 *      only pages read count toward maxPages; failed fetches have an
 *      allowance of their own), fetched `concurrency` at a time, each page
 *      read while the next requests are in flight (mapPipelined; large pages
 *      are read in worker threads, page-reader.ts). A round's outcomes are
 *      applied in rank order once the whole round is in, so which pages are
 *      chosen never depends on which response arrived first.
 * A page is analysed under the address it lands on and counts as seen under
 * every address on the way (gathered-pages.ts); it is a duplicate only when
 * it lands on a page the crawl already has.
 * The crawl deadline ends the rounds and returns what was gathered; before
 * the start page is in, it fails the crawl.
 * An optional observer hears the counts of pages found, fetched and read as
 * they change (a live progress display); the crawl never reads them back.
 */
import type { Dispatcher } from 'undici';
import type { CrawlSummary } from '../artifacts.ts';
import { mapPipelined } from './bounded-concurrency.ts';
import { CrawlBudget } from './crawl-budget.ts';
import { CrawlFailedError, FetchFailure } from './crawl-errors.ts';
import type { CrawlerOptions } from './crawler-options.ts';
import { Frontier } from './frontier.ts';
import { GatheredPages, type GatheredPage } from './gathered-pages.ts';
import { fetchFollowingRedirects, isSuccessStatus, REDIRECT_TO_REFUSED_ADDRESS, type FetchContext, type FetchedResource } from './http-fetch.ts';
import { compareRanked, type RankedPage } from './page-ranking.ts';
import { isPageMediaType, readPageOutcome, type PageOutcome } from './page-outcome.ts';
import type { PageReader } from './page-reader.ts';
import { decodeText, SITEMAP_MEDIA_TYPES } from './response-text.ts';
import { RobotsCache } from './robots-cache.ts';
import { ROBOTS_DISALLOWED_REASON, type RobotsRules } from './robots.ts';
import { discoverSitemapPages } from './sitemap.ts';
import { siteScope, type SiteScope } from './site-scope.ts';
import { checkTargetUrl } from '../../../net/target-url.ts';

const PAGE_ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1';
const SITEMAP_ACCEPT = 'application/xml,text/xml,text/plain;q=0.9,*/*;q=0.1';

const DEADLINE_SKIP_REASON = 'The crawl deadline was reached before this page was fetched';
const DUPLICATE_SKIP_REASON = 'Same page as another page of the crawl';
const OFF_SITE_REASON = 'Redirected to another site';
const UNREADABLE_PAGE_REASON = 'The page could not be processed';

/** The crawl deadline, as an abort reason distinguishable from the caller's. */
class CrawlDeadlineReached extends Error {
  override name = 'CrawlDeadlineReached';
}

type CandidateOutcome = PageOutcome | { kind: 'interrupted' };
type FetchedCandidate = { kind: 'fetched'; resource: FetchedResource } | CandidateOutcome;
type FetchedPage = Extract<PageOutcome, { kind: 'page' }>;

/** What the rounds work on, once the start page has settled which site this is. */
interface SiteCrawl {
  scope: SiteScope;
  frontier: Frontier;
  gathered: GatheredPages;
}

/** What a crawler lends each of its crawls: its connection pool and its page reader. */
export interface CrawlResources {
  dispatcher: Dispatcher;
  reader: PageReader;
}

/** How far a crawl has got: page counts that only grow. */
export interface CrawlProgress {
  /** Pages known so far: the start page, and every same-site page linked or listed since (fetched or still waiting). */
  pagesFound: number;
  /** Pages whose response has arrived (the start page included); pages that failed to load are not counted. */
  pagesFetched: number;
  /** Fetched pages read into artifacts (a duplicate read under another address counts too). */
  pagesAnalysed: number;
}

export interface CrawlRequest {
  maxPages: number;
  signal?: AbortSignal;
  /** Told each new count as it changes; an observer only: what it does never changes the crawl. */
  onProgress?: (progress: CrawlProgress) => void;
}

export async function runCrawl(startInput: string, options: CrawlerOptions, resources: CrawlResources, request: CrawlRequest): Promise<CrawlSummary> {
  request.signal?.throwIfAborted();
  const check = checkTargetUrl(startInput, options.allowlist);
  if (!check.ok) throw new CrawlFailedError(check.reason);

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new CrawlDeadlineReached()), options.crawlDeadlineMs);
  // Ends background work (a sitemap still loading when the start page failed) once the crawl returns.
  const finished = new AbortController();
  const signals = [deadline.signal, finished.signal, ...(request.signal ? [request.signal] : [])];
  const context: FetchContext = {
    dispatcher: resources.dispatcher,
    userAgent: options.userAgent,
    allowlist: options.allowlist,
    maxRedirects: options.maxRedirects,
    requestTimeoutMs: options.requestTimeoutMs,
    signal: AbortSignal.any(signals),
  };
  try {
    return await new CrawlSession(options, context, resources.reader, request).run(check.url);
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    if (deadline.signal.aborted && !(error instanceof CrawlFailedError)) {
      throw new CrawlFailedError(`The site did not answer within ${options.crawlDeadlineMs / 1000} s`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    finished.abort();
  }
}

class CrawlSession {
  readonly #options: CrawlerOptions;
  readonly #context: FetchContext;
  readonly #reader: PageReader;
  readonly #request: CrawlRequest;
  readonly #robots: RobotsCache;
  readonly #skipped: CrawlSummary['skipped'] = [];
  #contentLength = 0;
  readonly #progress: CrawlProgress = { pagesFound: 1, pagesFetched: 0, pagesAnalysed: 0 };

  constructor(options: CrawlerOptions, context: FetchContext, reader: PageReader, request: CrawlRequest) {
    this.#options = options;
    this.#context = context;
    this.#reader = reader;
    this.#request = request;
    this.#robots = new RobotsCache(context);
  }

  async run(start: URL): Promise<CrawlSummary> {
    this.#report();
    const startRules = await this.#startRules(start);
    const [startPage, sitemapPages] = await Promise.all([this.#fetchStartPage(start), this.#discoverSitemaps(start, startRules)]);

    const scope = siteScope(start, new URL(startPage.artifact.finalUrl));
    const site: SiteCrawl = { scope, frontier: new Frontier(scope), gathered: new GatheredPages(scope) };
    // Nothing is gathered yet, so the start page is never a duplicate.
    this.#admit({ artifact: startPage.artifact, url: start, rank: Number.POSITIVE_INFINITY }, startPage, site);
    for (const page of sitemapPages) site.frontier.addListed(page);
    this.#countFound(site.frontier);

    await this.#fetchRounds(site);
    this.#request.signal?.throwIfAborted();
    return this.#summary(start, site.gathered);
  }

  async #startRules(start: URL): Promise<RobotsRules> {
    const verdict = await this.#robots.verdictFor(start.origin);
    if (verdict.kind === 'unreachable') throw new CrawlFailedError(verdict.reason);
    if (!verdict.rules.isAllowed(start)) throw new CrawlFailedError(ROBOTS_DISALLOWED_REASON);
    return verdict.rules;
  }

  async #fetchStartPage(start: URL): Promise<FetchedPage> {
    let resource: FetchedResource;
    try {
      resource = await fetchFollowingRedirects(
        {
          url: start,
          accept: PAGE_ACCEPT,
          maxBytes: this.#options.maxBytesPerPage,
          readsBody: isPageMediaType,
          // The start page may land on another site (that site becomes the crawl's); robots.txt still rules each hop.
          checkRedirect: (target) => this.#redirectRobotsReason(target),
        },
        this.#context,
      );
    } catch (error) {
      if (error instanceof FetchFailure) throw new CrawlFailedError(error.message);
      throw error;
    }
    this.#count('pagesFetched');
    const outcome = await readPageOutcome(resource, this.#reader);
    if (outcome.kind === 'skipped') throw new CrawlFailedError(outcome.reason);
    this.#count('pagesAnalysed');
    return outcome;
  }

  async #fetchRounds(site: SiteCrawl): Promise<void> {
    const { frontier, gathered, scope } = site;
    const budget = new CrawlBudget(this.#request.maxPages);
    while (budget.roundSize(gathered.size) > 0 && !this.#context.signal.aborted) {
      try {
        await Promise.all(frontier.origins().map((origin) => this.#robots.verdictFor(origin)));
      } catch (error) {
        // The deadline (or the caller) stopped the crawl while a robots.txt was loading.
        if (this.#context.signal.aborted) return;
        throw error;
      }
      const { batch, refused } = frontier.take(budget.roundSize(gathered.size), (url) => this.#isAllowedNow(url));
      for (const url of refused) this.#skipped.push({ url: url.href, reason: this.#refusalReason(url) });
      if (batch.length === 0) return;
      const gatheredBefore = gathered.size;
      const outcomes = await mapPipelined(
        batch,
        this.#options.concurrency,
        (page) => this.#fetchCandidate(page.url, scope),
        (fetched) => this.#readCandidate(fetched),
      );
      batch.forEach((page, index) => this.#apply(page, outcomes[index] ?? { kind: 'interrupted' }, site));
      budget.spend(batch.length, gathered.size - gatheredBefore);
      this.#countFound(frontier);
    }
  }

  /** The response, or why there is none; reading it is left to #readCandidate, off the fetch's critical path. */
  async #fetchCandidate(url: URL, scope: SiteScope): Promise<FetchedCandidate> {
    try {
      const resource = await fetchFollowingRedirects(
        {
          url,
          accept: PAGE_ACCEPT,
          maxBytes: this.#options.maxBytesPerPage,
          readsBody: isPageMediaType,
          checkRedirect: async (target) => (scope.includes(target) ? this.#redirectRobotsReason(target) : OFF_SITE_REASON),
        },
        this.#context,
      );
      this.#count('pagesFetched');
      return { kind: 'fetched', resource };
    } catch (error) {
      return this.#failedCandidate(error);
    }
  }

  async #readCandidate(fetched: FetchedCandidate): Promise<CandidateOutcome> {
    if (fetched.kind !== 'fetched') return fetched;
    try {
      const outcome = await readPageOutcome(fetched.resource, this.#reader);
      if (outcome.kind === 'page') this.#count('pagesAnalysed');
      return outcome;
    } catch (error) {
      return this.#failedCandidate(error);
    }
  }

  #failedCandidate(error: unknown): CandidateOutcome {
    if (this.#context.signal.aborted) return { kind: 'interrupted' };
    // One unreadable page must not sink the crawl; the start page has no such shield.
    return { kind: 'skipped', reason: error instanceof FetchFailure ? error.message : UNREADABLE_PAGE_REASON };
  }

  #apply(page: RankedPage, outcome: CandidateOutcome, site: SiteCrawl): void {
    if (outcome.kind === 'interrupted') {
      this.#skipped.push({ url: page.url.href, reason: DEADLINE_SKIP_REASON });
    } else if (outcome.kind === 'skipped') {
      this.#skipped.push({ url: page.url.href, reason: outcome.reason });
    } else {
      this.#admit({ artifact: outcome.artifact, url: page.url, rank: page.rank }, outcome, site);
    }
  }

  /** Gather a fetched page, unless it is one the crawl already has (gathered earlier, or earlier in this round's rank order). */
  #admit(page: GatheredPage, fetched: FetchedPage, site: SiteCrawl): void {
    const landing = site.gathered.admit(page, fetched.addresses);
    if (landing.kind === 'duplicate') {
      this.#skipped.push({ url: page.url.href, reason: DUPLICATE_SKIP_REASON });
      return;
    }
    for (const address of landing.addresses) site.frontier.markSeen(address);
    this.#contentLength += fetched.bytes;
    for (const link of page.artifact.links) site.frontier.add(link.href, link.text);
  }

  #summary(start: URL, gathered: GatheredPages): CrawlSummary {
    const [startPage, ...others] = gathered.pages;
    const ordered = startPage === undefined ? [] : [startPage, ...others.sort(compareRanked)];
    return {
      startUrl: start.href,
      pages: ordered.map((page) => page.artifact),
      skipped: this.#skipped,
      contentLength: this.#contentLength,
    };
  }

  // --- progress, for an observer ---

  #count(counter: 'pagesFetched' | 'pagesAnalysed'): void {
    this.#progress[counter]++;
    this.#report();
  }

  /** The start page, and every page the frontier has been given since. */
  #countFound(frontier: Frontier): void {
    const found = 1 + frontier.discovered;
    if (found === this.#progress.pagesFound) return;
    this.#progress.pagesFound = found;
    this.#report();
  }

  #report(): void {
    const observer = this.#request.onProgress;
    if (!observer) return;
    try {
      observer({ ...this.#progress });
    } catch {
      // An observer's failure is its own: the crawl and its result go on unchanged.
    }
  }

  // --- robots.txt ---

  /** Why a redirect to `target` must not be followed (its origin's robots.txt), or null. */
  async #redirectRobotsReason(target: URL): Promise<string | null> {
    const verdict = await this.#robots.verdictFor(target.origin);
    if (verdict.kind === 'unreachable') return verdict.refusedAddress ? REDIRECT_TO_REFUSED_ADDRESS : verdict.reason;
    return verdict.rules.isAllowed(target) ? null : ROBOTS_DISALLOWED_REASON;
  }

  /** For pages whose origin's robots.txt is already loaded (the rounds load them first). */
  #isAllowedNow(url: URL): boolean {
    const verdict = this.#robots.loaded(url.origin);
    return verdict?.kind === 'rules' && verdict.rules.isAllowed(url);
  }

  #refusalReason(url: URL): string {
    const verdict = this.#robots.loaded(url.origin);
    return verdict?.kind === 'unreachable' ? verdict.reason : ROBOTS_DISALLOWED_REASON;
  }

  // --- sitemaps ---

  async #discoverSitemaps(start: URL, rules: RobotsRules): Promise<string[]> {
    const scope = siteScope(start);
    const conventional = new URL('/sitemap.xml', start.origin);
    const seeds = [...rules.sitemaps, ...(rules.isAllowed(conventional) ? [conventional.href] : [])];
    return discoverSitemapPages(seeds, (href) => this.#readSitemap(href, scope));
  }

  async #readSitemap(href: string, scope: SiteScope): Promise<string | null> {
    const check = checkTargetUrl(href, this.#options.allowlist);
    if (!check.ok || !scope.includes(check.url)) return null;
    try {
      const resource = await fetchFollowingRedirects(
        {
          url: check.url,
          accept: SITEMAP_ACCEPT,
          maxBytes: this.#options.maxBytesPerPage,
          readsBody: (mediaType) => mediaType === null || (SITEMAP_MEDIA_TYPES as readonly string[]).includes(mediaType),
          checkRedirect: async (target) => (scope.includes(target) ? null : OFF_SITE_REASON),
        },
        this.#context,
      );
      if (!isSuccessStatus(resource.status) || resource.body === null) return null;
      return decodeText(resource.body.bytes, resource.contentType.charset, false);
    } catch {
      // A missing or broken sitemap only means fewer candidates; links still lead the crawl.
      return null;
    }
  }
}
