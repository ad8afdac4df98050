/** Page budget, byte limit, concurrency, timeouts, the crawl deadline and aborting, on the generated site. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startGeneratedSite } from '../../../../test/fixtures/generated-site.ts';
import { htmlPage, startFixtureServer } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { TestResources } from '../../../../test/fixtures/hostile/test-crawler.ts';
import { CrawlFailedError, createCrawler, DEFAULT_CRAWLER_OPTIONS } from './crawler.ts';

const resources = new TestResources();
afterEach(() => resources.closeAll());

describe('crawl limits', () => {
  it('fetches every page of a 25-page site with the default options', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 25, pageBytes: 5000 }));
    const summary = await resources.crawler([site.allowlistEntry], { ...DEFAULT_CRAWLER_OPTIONS }).crawl(`${site.url}/`);
    expect(summary.pages).toHaveLength(25);
    expect(new Set(summary.pages.map((page) => page.finalUrl))).toEqual(new Set(site.pageUrls));
    expect(summary.skipped).toEqual([]);
    expect(summary.contentLength).toBe(25 * 5000);
  });

  it('stops at maxPages', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 25, pageBytes: 2000 }));
    const summary = await resources.crawler([site.allowlistEntry], { maxPages: 7 }).crawl(`${site.url}/`);
    expect(summary.pages).toHaveLength(7);
    expect(site.pagesServed).toBe(7);
  });

  it('keeps the first maxBytesPerPage bytes of each longer page', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 4, pageBytes: 300_000 }));
    const summary = await resources.crawler([site.allowlistEntry], { maxBytesPerPage: 100_000 }).crawl(`${site.url}/`);
    expect(summary.pages).toHaveLength(4);
    expect(summary.contentLength).toBe(4 * 100_000);
    expect(summary.pages.every((page) => page.title.startsWith('Generated Co'))).toBe(true);
  });

  it.each([1, 3])('has at most %i page requests in flight at once', async (concurrency) => {
    const site = resources.track(await startGeneratedSite({ pages: 10, pageBytes: 2000, delayMs: 30 }));
    await resources.crawler([site.allowlistEntry], { concurrency }).crawl(`${site.url}/`);
    expect(site.peakConcurrentPages).toBe(concurrency);
  });

  it('skips a linked page that drips or stays silent past the request timeout, and keeps the others', async () => {
    const site = resources.track(
      await startFixtureServer((request, response) => {
        if (request.url === '/') {
          response
            .writeHead(200, { 'content-type': 'text/html' })
            .end(htmlPage('Home', '<a href="/pricing">Pricing</a> <a href="/drip">Drip</a> <a href="/silent">Silent</a>'));
        } else if (request.url === '/pricing') {
          response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage('Pricing', '<p>$10</p>'));
        } else if (request.url === '/drip') {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.flushHeaders();
          const timer = setInterval(() => response.write('.'), 100);
          response.on('close', () => clearInterval(timer));
        } else if (request.url !== '/silent') {
          response.writeHead(404).end();
        }
      }),
    );
    const summary = await resources.crawler([site.allowlistEntry], { requestTimeoutMs: 500 }).crawl(`${site.url}/`);
    expect(summary.pages.map((page) => page.title)).toEqual(['Home', 'Pricing']);
    expect(summary.skipped).toEqual(
      expect.arrayContaining([
        { url: `${site.url}/drip`, reason: 'Timed out after 0.5 s' },
        { url: `${site.url}/silent`, reason: 'Timed out after 0.5 s' },
      ]),
    );
  });

  it('returns what it has when the crawl deadline passes after the start page', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 25, pageBytes: 2000, delayMs: 200 }));
    const summary = await resources.crawler([site.allowlistEntry], { crawlDeadlineMs: 1500, concurrency: 2 }).crawl(`${site.url}/`);
    expect(summary.pages[0]?.finalUrl).toBe(`${site.url}/`);
    expect(summary.pages.length).toBeLessThan(25);
    expect(summary.skipped.length).toBeGreaterThan(0);
    expect(new Set(summary.skipped.map((skip) => skip.reason))).toEqual(new Set(['The crawl deadline was reached before this page was fetched']));
  });

  it('fails when the deadline passes before the start page is in', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 2, delayMs: 2000 }));
    await expect(resources.crawler([site.allowlistEntry], { crawlDeadlineMs: 300 }).crawl(`${site.url}/`)).rejects.toThrow(
      new CrawlFailedError('The site did not answer within 0.3 s'),
    );
  });

  it('stops every fetch at once when aborted, rejecting with the abort reason', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 25, pageBytes: 2000, delayMs: 5000 }));
    const controller = new AbortController();
    const crawl = resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`, { signal: controller.signal });
    await vi.waitFor(() => expect(site.paths()).toContain('/'));
    const reason = new Error('caller went away');
    controller.abort(reason);
    await expect(crawl).rejects.toBe(reason);
    expect(site.pagesServed).toBe(0);
  });

  it('makes no request at all for an already aborted signal', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 2 }));
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    await expect(resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`, { signal: controller.signal })).rejects.toThrow('too late');
    expect(site.requests).toEqual([]);
  });
});

describe('createCrawler', () => {
  it('refuses options out of range', () => {
    const base = { ...DEFAULT_CRAWLER_OPTIONS, allowlist: [] };
    expect(() => createCrawler({ ...base, maxPages: 0 })).toThrow(/maxPages/);
    expect(() => createCrawler({ ...base, concurrency: 1.5 })).toThrow(/concurrency/);
    expect(() => createCrawler({ ...base, maxRedirects: -1 })).toThrow(/maxRedirects/);
  });

  it('refuses a page budget out of range per crawl', async () => {
    const crawler = resources.track(createCrawler({ ...DEFAULT_CRAWLER_OPTIONS, allowlist: [] }));
    await expect(crawler.crawl('https://example.com/', { maxPages: 0 })).rejects.toThrow(RangeError);
  });
});
