/** The hostile fixture sites of issue 3, point 6, each against a real crawl. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startChallengeSite } from '../../../../test/fixtures/hostile/challenge-page.ts';
import { startDrip } from '../../../../test/fixtures/hostile/drip.ts';
import { BOMB_TITLE, startGzipBomb } from '../../../../test/fixtures/hostile/gzip-bomb.ts';
import { HUGE_PAGE_BYTES, HUGE_PAGE_TITLE, startHugePage } from '../../../../test/fixtures/hostile/huge-page.ts';
import { startLinkTrap } from '../../../../test/fixtures/hostile/link-trap.ts';
import { MALFORMED_TITLE, startMalformedSite } from '../../../../test/fixtures/hostile/malformed-html.ts';
import { startNonHtmlSite } from '../../../../test/fixtures/hostile/non-html.ts';
import { startRedirectLoop } from '../../../../test/fixtures/hostile/redirect-loop.ts';
import { startRobotsDisallowAll } from '../../../../test/fixtures/hostile/robots-disallow-all.ts';
import { TestResources } from '../../../../test/fixtures/hostile/test-crawler.ts';
import { ACCESS_DENIED_REASON, BOT_CHALLENGE_REASON } from './block-page.ts';
import { CrawlFailedError } from './crawler.ts';

const MIB = 1024 * 1024;
const resources = new TestResources();
afterEach(() => resources.closeAll());

describe('hostile sites', () => {
  it('stops at a redirect loop', async () => {
    const site = resources.track(await startRedirectLoop());
    const crawl = resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    await expect(crawl).rejects.toThrow(new CrawlFailedError('The site redirects in a loop'));
    expect(site.paths().filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml')).toEqual(['/', '/a', '/b']);
  });

  it('follows at most maxRedirects redirects of an endless chain', async () => {
    const site = resources.track(await startRedirectLoop());
    const crawl = resources.crawler([site.allowlistEntry], { maxRedirects: 5 }).crawl(`${site.url}/chain/0`);
    await expect(crawl).rejects.toThrow(new CrawlFailedError('The site redirected more than 5 times'));
    expect(site.paths().filter((path) => path.startsWith('/chain/'))).toEqual(['/chain/0', '/chain/1', '/chain/2', '/chain/3', '/chain/4', '/chain/5']);
  });

  it('reads no more than the byte limit of a 50 MB page, and keeps the part it read', async () => {
    const site = resources.track(await startHugePage());
    const summary = await resources.crawler([site.allowlistEntry], { maxBytesPerPage: MIB }).crawl(`${site.url}/`);
    expect(summary.pages).toHaveLength(1);
    expect(summary.pages[0]?.title).toBe(HUGE_PAGE_TITLE);
    expect(summary.contentLength).toBe(MIB);
    const stream = await site.lastStream();
    expect(stream.completed).toBe(false);
    expect(stream.bytesSent).toBeLessThan(HUGE_PAGE_BYTES / 2);
  });

  it('cuts a gzip bomb off at the byte limit instead of inflating it', async () => {
    const site = resources.track(await startGzipBomb());
    const summary = await resources.crawler([site.allowlistEntry], { maxBytesPerPage: MIB }).crawl(`${site.url}/`);
    expect(summary.pages[0]?.title).toBe(BOMB_TITLE);
    expect(summary.contentLength).toBe(MIB);
    const stream = await site.lastStream();
    expect(stream.completed).toBe(false);
    expect(stream.bytesSent).toBeLessThan(site.compressedBytes);
    expect(site.requests.find((request) => request.path === '/')?.acceptEncoding).toContain('gzip');
  });

  it('gives up on a server that drips one byte a second, when the request timeout passes', async () => {
    const site = resources.track(await startDrip(1000));
    const crawl = resources.crawler([site.allowlistEntry], { requestTimeoutMs: 1500 }).crawl(`${site.url}/`);
    await expect(crawl).rejects.toThrow(new CrawlFailedError('Timed out after 1.5 s'));
    // Every dripping response (the start page, and the sitemap fetched alongside it) was hung up on.
    const dripping = site.paths().filter((path) => path !== '/robots.txt');
    expect(dripping).toContain('/');
    await vi.waitFor(() => expect(site.closedByClient).toBe(dripping.length));
  });

  it('fetches no more than maxPages from an endless link trap, the same pages every time', async () => {
    const site = resources.track(await startLinkTrap(20));
    const crawler = resources.crawler([site.allowlistEntry], { maxPages: 8 });
    const first = await crawler.crawl(`${site.url}/`);
    const pageRequests = site.paths().filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
    const second = await crawler.crawl(`${site.url}/`);

    expect(first.pages).toHaveLength(8);
    expect(pageRequests).toHaveLength(8);
    expect(new Set(first.pages.map((page) => page.finalUrl)).size).toBe(8);
    expect(second.pages.map((page) => page.finalUrl)).toEqual(first.pages.map((page) => page.finalUrl));
  });

  it('skips bodies that are not HTML or text, and does not even request a .pdf link', async () => {
    const site = resources.track(await startNonHtmlSite());
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);

    expect(summary.pages.map((page) => new URL(page.finalUrl).pathname)).toEqual(['/', '/notes']);
    expect(summary.pages[1]).toMatchObject({ contentType: 'text/plain', mainText: 'Release notes\nVersion 2 shipped on 2025-03-01.' });
    expect(summary.skipped).toEqual(
      expect.arrayContaining([
        { url: `${site.url}/whitepaper`, reason: 'Not an HTML or text page (application/pdf)' },
        { url: `${site.url}/logo`, reason: 'Not an HTML or text page (image/png)' },
        { url: `${site.url}/api-data`, reason: 'Not an HTML or text page (application/json)' },
      ]),
    );
    expect(site.paths()).not.toContain('/brochure.pdf');
  });

  it('fails when the start page itself is not a page', async () => {
    const site = resources.track(await startNonHtmlSite());
    await expect(resources.crawler([site.allowlistEntry]).crawl(`${site.url}/api-data`)).rejects.toThrow(
      new CrawlFailedError('Not an HTML or text page (application/json)'),
    );
  });

  it('still makes an artifact of malformed HTML with invalid bytes', async () => {
    const site = resources.track(await startMalformedSite());
    const summary = await resources.crawler([site.allowlistEntry], { maxPages: 1 }).crawl(`${site.url}/`);
    const page = summary.pages[0];
    expect(page?.title).toBe(MALFORMED_TITLE);
    expect(page?.metaDescription).toBe('Tolerant');
    expect(page?.mainText).toContain('Free trial');
    expect(page?.mainText).toContain('\uFFFD');
    expect(new Set(page?.links.map((link) => link.href))).toEqual(new Set([`${site.url}/pricing`, `${site.url}/about`]));
  });

  it.each([
    [503, `${BOT_CHALLENGE_REASON} (503 Service Unavailable)`],
    [403, `${BOT_CHALLENGE_REASON} (403 Forbidden)`],
    [200, BOT_CHALLENGE_REASON],
  ])('fails with a reason when the start page is a challenge served with status %i', async (status, reason) => {
    const site = resources.track(await startChallengeSite(status));
    await expect(resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`)).rejects.toThrow(new CrawlFailedError(reason));
  });

  it('never turns a captcha wall or an access-denied page into an artifact', async () => {
    const site = resources.track(await startChallengeSite());
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/pricing`);
    expect(summary.pages.map((page) => page.finalUrl)).toEqual([`${site.url}/pricing`]);
    expect(summary.skipped).toEqual(
      expect.arrayContaining([
        { url: `${site.url}/captcha`, reason: BOT_CHALLENGE_REASON },
        { url: `${site.url}/denied`, reason: ACCESS_DENIED_REASON },
      ]),
    );
  });

  it('fetches nothing but robots.txt from a site that disallows everything', async () => {
    const site = resources.track(await startRobotsDisallowAll());
    await expect(resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`)).rejects.toThrow(
      new CrawlFailedError("The site's robots.txt disallows crawling this page"),
    );
    expect(site.paths()).toEqual(['/robots.txt']);
  });
});
