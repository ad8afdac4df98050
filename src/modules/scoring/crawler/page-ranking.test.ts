import { describe, expect, it } from 'vitest';
import {
  compareRanked,
  DEPTH_PENALTY_PER_SEGMENT,
  EVIDENCE_CATEGORIES,
  QUERY_PENALTY,
  rankPage,
  rankSections,
  SECTION_CROWDING_PENALTY,
  sectionOf,
  SITEMAP_BONUS,
} from './page-ranking.ts';

const weightOf = (name: string) => EVIDENCE_CATEGORIES.find((category) => category.name === name)?.weight ?? Number.NaN;
const rank = (href: string, texts: string[] = []) => rankPage(new URL(href), texts);

describe('rankPage', () => {
  it.each([
    ['https://a.com/pricing', 'pricing'],
    ['https://a.com/plans', 'pricing'],
    ['https://a.com/features', 'product'],
    ['https://a.com/customer-stories', 'customers'],
    ['https://a.com/case-studies', 'customers'],
    ['https://a.com/changelog', 'changelog'],
    ['https://a.com/release-notes', 'changelog'],
    ['https://a.com/docs', 'docs'],
    ['https://a.com/security', 'security'],
    ['https://a.com/trust', 'security'],
    ['https://a.com/integrations', 'integrations'],
    ['https://a.com/roadmap', 'roadmap'],
    ['https://a.com/notion-vs-confluence', 'comparison'],
    ['https://a.com/alternatives', 'comparison'],
    ['https://a.com/about', 'about'],
    ['https://a.com/careers', 'careers'],
    ['https://a.com/jobs', 'careers'],
    ['https://a.com/status', 'status'],
    ['https://a.com/blog', 'blog'],
    ['https://a.com/handbook', 'handbook'],
    ['https://a.com/how-we-work', 'handbook'],
    ['https://a.com/principles', 'handbook'],
    ['https://a.com/process', 'handbook'],
    ['https://a.com/rfcs', 'rfcs'],
    ['https://a.com/rfc', 'rfcs'],
    ['https://a.com/direction', 'direction'],
    ['https://a.com/strategy', 'direction'],
    ['https://a.com/vision', 'direction'],
    ['https://a.com/postmortem', 'postmortems'],
    ['https://a.com/post-mortems', 'postmortems'],
    ['https://a.com/incidents', 'postmortems'],
    ['https://a.com/incident-report', 'postmortems'],
    ['https://a.com/engineering', 'engineering'],
    ['https://a.com/research', 'engineering'],
    ['https://a.com/launch-week', 'launches'],
  ])('reads %s as a %s page', (href, category) => {
    expect(rank(href)).toBe(weightOf(category));
  });

  it('reads the link text when the path says nothing', () => {
    expect(rank('https://a.com/p/123')).toBe(-DEPTH_PENALTY_PER_SEGMENT);
    expect(rank('https://a.com/p/123', ['See our Pricing'])).toBe(weightOf('pricing') - DEPTH_PENALTY_PER_SEGMENT);
  });

  it('matches whole words only', () => {
    expect(rank('https://a.com/planet')).toBe(0);
    expect(rank('https://a.com/x', ['Apiary'])).toBe(0);
  });

  it('prefers shallow pages and pages without a query', () => {
    expect(rank('https://a.com/blog')).toBeGreaterThan(rank('https://a.com/blog/tags/hello'));
    expect(rank('https://a.com/blog/tags/hello')).toBe(weightOf('blog') - 2 * DEPTH_PENALTY_PER_SEGMENT);
    expect(rank('https://a.com/pricing?period=yearly')).toBe(weightOf('pricing') - QUERY_PENALTY);
  });

  it('does not count the date segments of an archive as depth', () => {
    expect(rank('https://a.com/blog/2024/05/12/hello')).toBe(rank('https://a.com/blog/hello'));
    expect(rank('https://a.com/blog/2024/hello')).toBe(weightOf('blog') - DEPTH_PENALTY_PER_SEGMENT);
    // Only a year and the month and day after it: other numbers are depth like any segment.
    expect(rank('https://a.com/blog/page/12/hello')).toBe(weightOf('blog') - 3 * DEPTH_PENALTY_PER_SEGMENT);
  });

  it('ranks a post that names a release or launch above an ordinary post', () => {
    for (const slug of ['introducing-teams', 'v2-release', 'launch-week-3', 'announcing-sso']) {
      expect(rank(`https://a.com/blog/${slug}`)).toBe(weightOf('launches') - DEPTH_PENALTY_PER_SEGMENT);
      expect(rank(`https://a.com/blog/${slug}`)).toBeGreaterThan(rank('https://a.com/blog/hello'));
    }
  });

  it('ranks the practice pages (handbook, RFCs, direction, postmortems, security, engineering) as high as pricing, and nothing higher', () => {
    for (const name of ['handbook', 'rfcs', 'direction', 'postmortems', 'security', 'engineering']) {
      expect(weightOf(name)).toBe(weightOf('pricing'));
      expect(weightOf(name)).toBeGreaterThan(weightOf('changelog'));
    }
    expect(EVIDENCE_CATEGORIES.every((category) => category.weight <= weightOf('pricing'))).toBe(true);
  });

  it('ranks a page the sitemap lists above a link-only page of the same path rank, and only those', () => {
    const listed = rankPage(new URL('https://a.com/handbook/on-call'), [], true);
    expect(listed).toBe(weightOf('handbook') - DEPTH_PENALTY_PER_SEGMENT + SITEMAP_BONUS);
    expect(listed).toBeGreaterThan(rank('https://a.com/handbook/legacy'));
    expect(listed).toBeLessThan(rank('https://a.com/handbook'));
    expect(rankPage(new URL('https://a.com/about'), [], true)).toBeLessThan(rank('https://a.com/roadmap'));
  });
});

describe('rankSections', () => {
  const pagesAt = (...paths: string[]) => paths.map((path) => ({ url: new URL(`https://a.com${path}`), rank: rank(`https://a.com${path}`) }));
  const order = (pages: { url: URL }[]) => pages.map((page) => page.url.pathname);

  it('lowers the n-th page of a section by n, so one section cannot crowd out the others', () => {
    const posts = Array.from({ length: 60 }, (_, i) => `/blog/post-${String(i).padStart(2, '0')}`);
    const others = ['/contact', '/legal', '/press', '/events', '/community', '/newsletter', '/brand', '/faq'];
    const ranked = rankSections(pagesAt(...posts, ...others), () => 0);
    const first25 = order(ranked.slice(0, 25));
    expect(first25).toEqual(expect.arrayContaining(others));
    expect(first25.filter((path) => path.startsWith('/blog/'))).toHaveLength(17);
    const blog = ranked.filter((page) => page.url.pathname.startsWith('/blog/'));
    expect(blog.map((page) => page.rank).slice(0, 3)).toEqual([4, 4 - SECTION_CROWDING_PENALTY, 4 - 2 * SECTION_CROWDING_PENALTY]);
  });

  it('counts the pages of a section handed out in earlier rounds', () => {
    const ranked = rankSections(pagesAt('/docs/a', '/about'), (section) => (section === 'docs' ? 3 : 0));
    expect(ranked.map((page) => [page.url.pathname, page.rank])).toEqual([
      ['/about', weightOf('about')],
      ['/docs/a', weightOf('docs') - DEPTH_PENALTY_PER_SEGMENT - 3 * SECTION_CROWDING_PENALTY],
    ]);
  });

  it('within a section, orders by rank, then the newest date in the path, then URL', () => {
    const ranked = rankSections(
      pagesAt('/blog/2019/01/old', '/blog/undated', '/blog/2024/05/new', '/blog/2024-01-15-mid', '/blog/introducing-sso', '/blog'),
      () => 0,
    );
    expect(order(ranked)).toEqual(['/blog/introducing-sso', '/blog', '/blog/2024/05/new', '/blog/2024-01-15-mid', '/blog/2019/01/old', '/blog/undated']);
  });

  it('gives the same order whatever order the pages come in', () => {
    const pages = pagesAt('/blog/b', '/blog/a', '/docs/x', '/docs', '/pricing', '/blog/2023/z');
    expect(order(rankSections([...pages].reverse(), () => 0))).toEqual(order(rankSections(pages, () => 0)));
  });
});

describe('sectionOf', () => {
  it('is the first path segment, lower case, and empty for the home page', () => {
    expect(sectionOf(new URL('https://a.com/Blog/2024/x'))).toBe('blog');
    expect(sectionOf(new URL('https://a.com/pricing'))).toBe('pricing');
    expect(sectionOf(new URL('https://a.com/?q=1'))).toBe('');
  });
});

describe('compareRanked', () => {
  it('orders by rank, then by URL, so equal ranks never depend on discovery order', () => {
    const pages = [
      { rank: 5, url: new URL('https://a.com/status') },
      { rank: 10, url: new URL('https://a.com/pricing') },
      { rank: 5, url: new URL('https://a.com/blog') },
    ];
    expect([...pages].sort(compareRanked).map((page) => page.url.pathname)).toEqual(['/pricing', '/blog', '/status']);
    expect(
      [...pages]
        .reverse()
        .sort(compareRanked)
        .map((page) => page.url.pathname),
    ).toEqual(['/pricing', '/blog', '/status']);
  });
});
