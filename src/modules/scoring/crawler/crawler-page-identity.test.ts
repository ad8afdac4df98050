/** One page, one fetch: slash redirects of static hosts, index files, tracking links and rel=canonical, against real crawls. */
import { afterEach, describe, expect, it } from 'vitest';
import { htmlPage, startFixtureServer, type FixtureServer } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { TestResources } from '../../../../test/fixtures/hostile/test-crawler.ts';
import { SLASH_SITE_DIRECTORIES, startSlashSite, type SlashMode } from '../../../../test/fixtures/slash-redirecting-site.ts';
import type { CrawlSummary } from '../artifacts.ts';
import { pageKey } from './site-scope.ts';

const resources = new TestResources();
afterEach(() => resources.closeAll());

const DUPLICATE = 'Same page as another page of the crawl';

const keysOf = (summary: CrawlSummary) => new Set(summary.pages.map((page) => pageKey(new URL(page.finalUrl))));
const pathsOf = (summary: CrawlSummary) => summary.pages.map((page) => new URL(page.finalUrl).pathname);

describe('a static host that redirects /pricing to /pricing/', () => {
  async function crawlSlashSite(mode: SlashMode) {
    const site = resources.track(await startSlashSite(mode));
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    return { site, summary };
  }

  it.each<SlashMode>(['redirect', 'direct'])('gathers all eight pages when it answers %s', async (mode) => {
    const { site, summary } = await crawlSlashSite(mode);
    expect(keysOf(summary)).toEqual(new Set(SLASH_SITE_DIRECTORIES.map((directory) => pageKey(new URL(directory, site.url)))));
    expect(summary.pages).toHaveLength(SLASH_SITE_DIRECTORIES.length);
    expect(summary.skipped).toEqual([]);
  });

  it('gathers the same pages either way, each under the address it ends at', async () => {
    const redirecting = await crawlSlashSite('redirect');
    const direct = await crawlSlashSite('direct');
    expect([...keysOf(redirecting.summary)].map((key) => key.replace(/^[^/]+/, '')).sort()).toEqual(
      [...keysOf(direct.summary)].map((key) => key.replace(/^[^/]+/, '')).sort(),
    );
    // Behind the redirects, every page is analysed under its slash form, the one the host serves.
    expect(pathsOf(redirecting.summary).every((path) => path.endsWith('/'))).toBe(true);
    const pricing = redirecting.summary.pages.find((page) => page.title === 'Pricing');
    expect(pricing).toMatchObject({ requestedUrl: `${redirecting.site.url}/pricing`, finalUrl: `${redirecting.site.url}/pricing/` });
  });

  it.each<SlashMode>(['redirect', 'direct'])('requests no address twice and no page under two forms when it answers %s', async (mode) => {
    const { site } = await crawlSlashSite(mode);
    const counts = site.requestCounts();
    expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
    // The sitemap's /pricing/ and the links' /pricing are one page; so are /docs/index.html and any tracking variant.
    const served = site.paths().filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
    const pagesAsked = new Set(served.map((path) => pageKey(new URL(path, site.url))));
    expect(pagesAsked.size).toBe(SLASH_SITE_DIRECTORIES.length);
    expect(served.filter((path) => path.includes('?') || path.endsWith('index.html'))).toEqual([]);
    // A redirecting host costs one 301 per page reached by a slashless link, no more.
    if (mode === 'redirect') expect(served.length).toBeLessThan(2 * SLASH_SITE_DIRECTORIES.length);
    else expect(served).toHaveLength(SLASH_SITE_DIRECTORIES.length);
  });
});

describe('duplicates', () => {
  /** A site from a table of paths, each a page (title, links, canonical link) or a redirect. */
  async function startSite(routes: Record<string, { title?: string; links?: string[]; canonical?: string; redirect?: string }>): Promise<FixtureServer> {
    let origin = '';
    const site = await startFixtureServer((request, response) => {
      const route = routes[request.url ?? '/'];
      if (route === undefined) {
        response.writeHead(404).end();
      } else if (route.redirect !== undefined) {
        response.writeHead(301, { location: route.redirect }).end();
      } else {
        const head = route.canonical === undefined ? '' : `<link rel="canonical" href="${route.canonical.replace('{origin}', origin)}">`;
        const links = (route.links ?? []).map((href) => `<a href="${href}">${href}</a>`).join(' ');
        const page = htmlPage(route.title ?? 'Page', `<p>${route.title} text.</p>${links}`).replace('</head>', `${head}</head>`);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      }
    });
    origin = site.url;
    return resources.track(site);
  }

  it('skips a page that redirects onto a page the crawl already has, and only that one', async () => {
    const site = await startSite({
      '/': { title: 'Home', links: ['/pricing'] },
      '/pricing': { title: 'Pricing', links: ['/old-pricing', '/about'] },
      '/old-pricing': { redirect: '/pricing' },
      '/about': { title: 'About' },
    });
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    expect(pathsOf(summary)).toEqual(['/', '/pricing', '/about']);
    expect(summary.skipped).toEqual([{ url: `${site.url}/old-pricing`, reason: DUPLICATE }]);
  });

  it('gives one page for two addresses serving the same page with a canonical link to one of them', async () => {
    const copy = { title: 'Pricing', canonical: '{origin}/pricing' };
    const site = await startSite({ '/': { title: 'Home', links: ['/pricing', '/plans'] }, '/pricing': copy, '/plans': copy });
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    expect(summary.pages.map((page) => page.title)).toEqual(['Home', 'Pricing']);
    expect(summary.skipped).toHaveLength(1);
    expect(summary.skipped[0]?.reason).toBe(DUPLICATE);
  });

  it('does not fetch the canonical address of a page it already has', async () => {
    const site = await startSite({
      '/': { title: 'Home', links: ['/plans'] },
      '/plans': { title: 'Pricing', canonical: '{origin}/pricing/', links: ['/pricing'] },
      '/pricing': { title: 'Pricing' },
    });
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    expect(pathsOf(summary)).toEqual(['/', '/plans']);
    expect(site.paths()).not.toContain('/pricing');
  });

  it('ignores a canonical link to another site', async () => {
    const copy = { title: 'Pricing', canonical: 'https://elsewhere.example/pricing' };
    const site = await startSite({ '/': { title: 'Home', links: ['/pricing', '/plans'] }, '/pricing': copy, '/plans': copy });
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    expect(pathsOf(summary)).toEqual(['/', '/plans', '/pricing']);
    expect(summary.skipped).toEqual([]);
  });

  it('keeps pages whose template names the home page as the canonical address of every page', async () => {
    const site = await startSite({
      '/': { title: 'Home', links: ['/pricing', '/about'], canonical: '{origin}/' },
      '/pricing': { title: 'Pricing', canonical: '{origin}/' },
      '/about': { title: 'About', canonical: '{origin}/' },
    });
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    expect(pathsOf(summary)).toEqual(['/', '/pricing', '/about']);
  });
});
