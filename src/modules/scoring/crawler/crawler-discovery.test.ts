/** What a crawl fetches and in which order: robots.txt, sitemaps, ranking, the www twin, de-duplication. */
import { afterEach, describe, expect, it } from 'vitest';
import { htmlPage, startFixtureServer, type FixtureServer, type StaticResponse } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { TEST_USER_AGENT, TestResources } from '../../../../test/fixtures/hostile/test-crawler.ts';
import type { HostLookup } from '../../../net/safe-connector.ts';

const resources = new TestResources();
afterEach(() => resources.closeAll());

const xml = { 'content-type': 'application/xml' };
const urlset = (origin: string, ...paths: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('')}</urlset>`;

/**
 * A small company site. The home page links to some pages; others are only in
 * the sitemaps; robots.txt keeps us out of /internal and names a sitemap index.
 * `delayFor` lets a test make chosen paths slow.
 */
async function startCompanySite(delayFor: (path: string) => number = () => 0): Promise<FixtureServer> {
  let origin = '';
  const routes = (): Record<string, StaticResponse> => ({
    '/robots.txt': {
      headers: { 'content-type': 'text/plain' },
      body: `User-agent: *\nDisallow: /\n\nUser-agent: MaturityScoringBot\nDisallow: /internal\n\nSitemap: ${origin}/sitemap-index.xml\n`,
    },
    '/sitemap-index.xml': {
      headers: xml,
      body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap><sitemap><loc>https://cdn.elsewhere.example/sitemap.xml</loc></sitemap></sitemapindex>`,
    },
    '/sitemap-pages.xml': { headers: xml, body: urlset(origin, '/customers', '/changelog', '/internal/dashboard') },
    '/sitemap.xml': { headers: xml, body: urlset(origin, '/roadmap') },
    '/': {
      body: htmlPage(
        'Acme',
        `<a href="/pricing">Pricing</a> <a href="/about">About us</a> <a href="/internal/admin">Admin</a>
         <a href="/blog/2020/01/old-post">An old post</a> <a href="https://twitter.example/acme">Twitter</a>
         <a href="/brochure.pdf">Brochure</a> <a href="/features#top">Features</a> <a href="/features/?utm_source=nav">Product</a>
         <a href="${origin}/">Home</a>`,
      ),
    },
    '/pricing': { body: htmlPage('Pricing', '<p>Plans from $10.</p><a href="/features">Features</a>') },
    '/about': { body: htmlPage('About', '<p>Founded 2019.</p>') },
    '/features': { body: htmlPage('Features', '<p>Everything.</p>') },
    '/customers': { body: htmlPage('Customers', '<p>500 teams.</p>') },
    '/changelog': { body: htmlPage('Changelog', '<p>2025-01-01 shipped.</p>') },
    '/roadmap': { body: htmlPage('Roadmap', '<p>Next up.</p>') },
    '/blog/2020/01/old-post': { body: htmlPage('Old post', '<p>Hello.</p>') },
  });
  const site = await startFixtureServer(async (request, response) => {
    const path = request.url ?? '/';
    const delay = delayFor(path);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const route = routes()[path];
    if (route === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers }).end(route.body);
  });
  origin = site.url;
  return site;
}

const pathsOf = (urls: string[]) => urls.map((url) => new URL(url).pathname);

describe('crawl discovery', () => {
  it('fetches ranked pages from links and sitemaps, start page first, in a fixed order', async () => {
    const site = resources.track(await startCompanySite());
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);

    expect(pathsOf(summary.pages.map((page) => page.finalUrl))).toEqual([
      '/',
      '/pricing', // 10
      '/changelog', // 8 + 0.5, only in the sitemap behind the index
      '/customers', // 8 + 0.5, same
      '/features', // 8, three links de-duplicated to one fetch
      '/roadmap', // 7 + 0.5, only in /sitemap.xml
      '/about', // 6
      '/blog/2020/01/old-post', // 5 - 1 for depth (the date segments are not counted)
    ]);
    expect(summary.startUrl).toBe(`${site.url}/`);
  });

  it('obeys the robots.txt group for its own user agent and sends that user agent', async () => {
    const site = resources.track(await startCompanySite());
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);

    expect(site.paths().filter((path) => path.startsWith('/internal'))).toEqual([]);
    expect(summary.skipped).toEqual(
      expect.arrayContaining([
        { url: `${site.url}/internal/admin`, reason: "The site's robots.txt disallows crawling this page" },
        { url: `${site.url}/internal/dashboard`, reason: "The site's robots.txt disallows crawling this page" },
      ]),
    );
    expect(new Set(site.requests.map((request) => request.userAgent))).toEqual(new Set([TEST_USER_AGENT]));
  });

  it('fetches each page once and never leaves the site', async () => {
    const site = resources.track(await startCompanySite());
    await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    const paths = site.paths();
    expect(paths.filter((path) => path.startsWith('/features'))).toEqual(['/features']);
    expect(paths.filter((path) => path === '/')).toHaveLength(1);
    expect(paths).not.toContain('/brochure.pdf');
  });

  it('respects a smaller page budget per crawl', async () => {
    const site = resources.track(await startCompanySite());
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`, { maxPages: 3 });
    expect(pathsOf(summary.pages.map((page) => page.finalUrl))).toEqual(['/', '/pricing', '/changelog']);
  });

  it('yields the same pages in the same order whatever order the responses arrive in', async () => {
    const slowFirst = resources.track(await startCompanySite((path) => (path.length % 3) * 40));
    const slowLast = resources.track(await startCompanySite((path) => (2 - (path.length % 3)) * 40));
    const crawl = async (site: FixtureServer) => {
      const summary = await resources.crawler([site.allowlistEntry], { concurrency: 3 }).crawl(`${site.url}/`);
      return { pages: pathsOf(summary.pages.map((page) => page.finalUrl)), titles: summary.pages.map((page) => page.title), skipped: summary.skipped.length };
    };
    expect(await crawl(slowFirst)).toEqual(await crawl(slowLast));
  });
});

describe('the www twin', () => {
  /** example.test redirects to www.example.test; both (and other.test) are names for 127.0.0.1. */
  async function startTwinSite(): Promise<{ site: FixtureServer; origin: (host: string) => string; lookup: HostLookup }> {
    let port = 0;
    const origin = (host: string) => `http://${host}:${port}`;
    const site = await startFixtureServer((request, response) => {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '');
      const path = request.url ?? '/';
      if (path === '/robots.txt' || path === '/sitemap.xml') {
        response.writeHead(404).end();
      } else if (host === 'example.test') {
        response.writeHead(301, { location: `${origin('www.example.test')}${path}` }).end();
      } else if (host === 'www.example.test') {
        const links = `<a href="${origin('example.test')}/pricing">Pricing</a> <a href="/about">About</a> <a href="${origin('other.test')}/careers">Careers</a>`;
        response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage(`www ${path}`, links));
      } else {
        response.writeHead(200, { 'content-type': 'text/html' }).end(htmlPage('Other site', '<p>Not ours.</p>'));
      }
    });
    port = site.port;
    const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
    return { site, origin, lookup };
  }

  it('follows the start host to its www twin and crawls links on either host there', async () => {
    const { site, origin, lookup } = await startTwinSite();
    resources.track(site);
    const allowlist = ['example.test', 'www.example.test', 'other.test'].map((host) => `${host}:${site.port}`);
    const summary = await resources.crawler(allowlist, { lookup }).crawl(`${origin('example.test')}/`);

    expect(summary.pages.map((page) => page.finalUrl)).toEqual([
      `${origin('www.example.test')}/`,
      `${origin('www.example.test')}/pricing`,
      `${origin('www.example.test')}/about`,
    ]);
    expect(summary.pages[0]?.requestedUrl).toBe(`${origin('example.test')}/`);
    const hostsAsked = site.requests.map((request) => `${request.host.replace(/:\d+$/, '')}${request.path}`);
    expect(hostsAsked.filter((request) => request.startsWith('other.test'))).toEqual([]);
    expect(hostsAsked.filter((request) => request.startsWith('example.test'))).toEqual([
      'example.test/robots.txt',
      'example.test/',
      'example.test/sitemap.xml',
    ]);
  });
});
