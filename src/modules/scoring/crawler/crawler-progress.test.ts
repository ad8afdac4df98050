/** The crawl's progress counts, as an observer hears them: they only grow, end at the crawl's totals, and never change the crawl. */
import { afterEach, describe, expect, it } from 'vitest';
import { htmlPage, startFixtureServer, staticRoutes, type FixtureServer } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { TestResources } from '../../../../test/fixtures/hostile/test-crawler.ts';
import type { CrawlProgress } from './crawler.ts';

const resources = new TestResources();
afterEach(() => resources.closeAll());

/** Four pages, a dead link, and a link back to the start page; no robots.txt, no sitemap. */
async function startSmallSite(): Promise<FixtureServer> {
  return startFixtureServer(
    staticRoutes({
      '/': { body: htmlPage('Home', '<a href="/pricing">Pricing</a> <a href="/about">About</a> <a href="/docs">Docs</a> <a href="/gone">Gone</a>') },
      '/pricing': { body: htmlPage('Pricing', '<a href="/">Home</a> <a href="/about">About</a>') },
      '/about': { body: htmlPage('About', '<p>Founded 2019.</p>') },
      '/docs': { body: htmlPage('Docs', '<p>Read me.</p>') },
    }),
  );
}

describe('crawl progress', () => {
  it('reports counts that only grow, ending at what was found, fetched and read', async () => {
    const site = resources.track(await startSmallSite());
    const heard: CrawlProgress[] = [];
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`, { onProgress: (progress) => heard.push(progress) });

    expect(heard[0]).toEqual({ pagesFound: 1, pagesFetched: 0, pagesAnalysed: 0 });
    for (const [index, progress] of heard.entries()) {
      const before = heard[index - 1];
      if (!before) continue;
      expect(progress.pagesFound).toBeGreaterThanOrEqual(before.pagesFound);
      expect(progress.pagesFetched).toBeGreaterThanOrEqual(before.pagesFetched);
      expect(progress.pagesAnalysed).toBeGreaterThanOrEqual(before.pagesAnalysed);
      expect(progress).not.toEqual(before);
    }
    // Five pages known (the start page and four links), five answered (the dead link with a 404), four read.
    expect(heard.at(-1)).toEqual({ pagesFound: 5, pagesFetched: 5, pagesAnalysed: 4 });
    expect(summary.pages).toHaveLength(4);
  });

  it('gathers the same pages with an observer, without one, and with one that throws', async () => {
    const site = resources.track(await startSmallSite());
    const crawler = resources.crawler([site.allowlistEntry]);
    const unobserved = await crawler.crawl(`${site.url}/`);
    const observed = await crawler.crawl(`${site.url}/`, { onProgress: () => {} });
    const failing = await crawler.crawl(`${site.url}/`, {
      onProgress: () => {
        throw new Error('a broken display');
      },
    });
    expect(observed).toEqual(unobserved);
    expect(failing).toEqual(unobserved);
  });
});
