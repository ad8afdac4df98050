/**
 * Reaching the pages that matter (issue 22, part 4): dead links and redirects
 * do not use up the page budget, a sitemap listing counts, and one big section
 * does not crowd out the rest.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { htmlPage, startFixtureServer, type FixtureServer, type StaticResponse } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { TestResources } from '../../../../test/fixtures/hostile/test-crawler.ts';
import { failedFetchAllowance } from './crawl-budget.ts';

const resources = new TestResources();
afterEach(() => resources.closeAll());

const xml = { 'content-type': 'application/xml' };
const urlset = (origin: string, paths: readonly string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('')}</urlset>`;
const links = (paths: readonly string[], text: (path: string) => string = (path) => path) =>
  paths.map((path) => `<a href="${path}">${text(path)}</a>`).join(' ');
const pathsOf = (pages: { finalUrl: string }[]) => pages.map((page) => new URL(page.finalUrl).pathname);

/** A site of fixed routes; `routes` is given the origin, for sitemaps and absolute redirects. Anything else is a 404. */
async function startSite(routes: (origin: string) => Record<string, StaticResponse>): Promise<FixtureServer> {
  let table: Record<string, StaticResponse> = {};
  const site = await startFixtureServer((request, response) => {
    const route = table[request.url ?? '/'];
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end(htmlPage('Not found', '<p>No such page.</p>'));
      return;
    }
    response.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers }).end(route.body ?? '');
  });
  table = routes(site.url);
  return resources.track(site);
}

const pageRequests = (site: FixtureServer) => site.paths().filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');

describe('dead links and redirects', () => {
  /** Real pages, listed only in the sitemap; each would rank below the dead links (10) without the listing, most even with it. */
  const REAL_PAGES = [
    '/direction',
    '/security',
    '/principles',
    '/handbook/onboarding',
    '/rfcs/0042-job-queue',
    '/postmortems/2024-03-02-outage',
    '/incidents/2024-05-12-api-latency',
    '/engineering/testing',
    '/how-we-work/meetings',
    '/research/user-interviews',
  ];
  /** Top-level, so each is a section of its own, and named like pricing or practice pages: all rank 10. */
  const DEAD_LINKS = Array.from({ length: 40 }, (_, i) => `/${['pricing', 'plans', 'security', 'handbook'][i % 4]}-v${i}`);
  /** Redirects: a chain to a dead page, one to a dead page, and old addresses of real pages. */
  const REDIRECTS: Record<string, string> = {
    '/pricing-2019': '/pricing-2020',
    '/pricing-2020': '/pricing-2021',
    '/plans-legacy': '/plans-gone',
    '/strategy': '/direction',
    '/handbook-old': '/handbook/onboarding',
  };

  function startDeadLinkSite(): Promise<FixtureServer> {
    return startSite((origin) => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
      '/sitemap.xml': { headers: xml, body: urlset(origin, REAL_PAGES) },
      '/': {
        body: htmlPage(
          'Acme',
          links([...DEAD_LINKS, ...Object.keys(REDIRECTS)], (path) => `Our ${path.slice(1)}`),
        ),
      },
      ...Object.fromEntries(REAL_PAGES.map((path) => [path, { body: htmlPage(`Acme ${path}`, `<p>How we do ${path}.</p>`) }])),
      ...Object.fromEntries(Object.entries(REDIRECTS).map(([from, to]) => [from, { status: 301, headers: { location: `${origin}${to}` } }])),
    }));
  }

  it('fetches every real page the sitemap lists, past 40 dead links and the redirects, under a budget of 12', async () => {
    const site = await startDeadLinkSite();
    const summary = await resources.crawler([site.allowlistEntry], { maxPages: 12 }).crawl(`${site.url}/`);

    expect(new Set(pathsOf(summary.pages))).toEqual(new Set(['/', ...REAL_PAGES]));
    expect(pageRequests(site).filter((path) => DEAD_LINKS.includes(path)).length).toBeGreaterThan(0);
    expect(summary.skipped).toEqual(expect.arrayContaining([{ url: `${site.url}/pricing-v0`, reason: 'The site answered 404 Not Found' }]));
    // A redirect onto a page already gathered is a duplicate, not a second page.
    expect(summary.pages).toHaveLength(1 + REAL_PAGES.length);
  });

  it('gives the same pages every time', async () => {
    const site = await startDeadLinkSite();
    const crawler = resources.crawler([site.allowlistEntry], { maxPages: 12, concurrency: 3 });
    const first = await crawler.crawl(`${site.url}/`);
    const second = await crawler.crawl(`${site.url}/`);
    expect(pathsOf(second.pages)).toEqual(pathsOf(first.pages));
    expect(second.skipped).toEqual(first.skipped);
  });

  it('still ends a site of nothing but dead links early: failed fetches have an allowance of their own', async () => {
    const dead = Array.from({ length: 200 }, (_, i) => `/pricing-v${i}`);
    const site = await startSite(() => ({ '/': { body: htmlPage('Acme', links(dead)) } }));
    const summary = await resources.crawler([site.allowlistEntry], { maxPages: 12 }).crawl(`${site.url}/`);

    expect(pathsOf(summary.pages)).toEqual(['/']);
    expect(pageRequests(site).filter((path) => path !== '/')).toHaveLength(failedFetchAllowance(12));
  });
});

describe('one big section', () => {
  /** Sections that rank no higher than an ordinary blog post (0 or -1): only crowding lets them in. */
  const OTHER_SECTIONS = ['/contact', '/legal/terms', '/press', '/events', '/community', '/newsletter', '/brand', '/faq'];
  /** Sixty dated posts, from 2020-01 to 2024-12, two of them launches. */
  const POSTS = Array.from({ length: 60 }, (_, i) => {
    const year = 2020 + Math.floor(i / 12);
    const month = String((i % 12) + 1).padStart(2, '0');
    const slug = i === 10 ? 'introducing-teams' : i === 30 ? 'launch-week' : `notes-${i}`;
    return `/blog/${year}/${month}/${slug}`;
  });

  it('reaches every other section under a 25-page budget, with the launches and the newest posts among the blog pages', async () => {
    const site = await startSite((origin) => ({
      '/sitemap.xml': { headers: xml, body: urlset(origin, ['/blog', ...POSTS, ...OTHER_SECTIONS]) },
      '/': { body: htmlPage('Acme', links(['/blog', ...OTHER_SECTIONS])) },
      '/blog': { body: htmlPage('Blog', links(POSTS)) },
      ...Object.fromEntries([...POSTS, ...OTHER_SECTIONS].map((path) => [path, { body: htmlPage(`Acme ${path}`, `<p>About ${path}.</p>`) }])),
    }));
    const summary = await resources.crawler([site.allowlistEntry], { maxPages: 25 }).crawl(`${site.url}/`);
    const paths = pathsOf(summary.pages);

    expect(paths).toHaveLength(25);
    expect(paths).toEqual(expect.arrayContaining(['/', '/blog', ...OTHER_SECTIONS]));
    expect(paths).toEqual(expect.arrayContaining(['/blog/2020/11/introducing-teams', '/blog/2022/07/launch-week', '/blog/2024/12/notes-59']));
    expect(paths).not.toContain('/blog/2020/01/notes-0');
  });
});
