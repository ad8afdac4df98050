import { describe, expect, it } from 'vitest';
import { compareRanked, DEPTH_PENALTY_PER_SEGMENT, EVIDENCE_CATEGORIES, QUERY_PENALTY, rankPage } from './page-ranking.ts';

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
    expect(rank('https://a.com/blog')).toBeGreaterThan(rank('https://a.com/blog/2024/hello'));
    expect(rank('https://a.com/blog/2024/hello')).toBe(weightOf('blog') - 2 * DEPTH_PENALTY_PER_SEGMENT);
    expect(rank('https://a.com/pricing?period=yearly')).toBe(weightOf('pricing') - QUERY_PENALTY);
  });

  it('ranks the pricing page above every other kind of evidence page', () => {
    const others = EVIDENCE_CATEGORIES.filter((category) => category.name !== 'pricing');
    expect(others.every((category) => category.weight < weightOf('pricing'))).toBe(true);
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
    expect([...pages].reverse().sort(compareRanked).map((page) => page.url.pathname)).toEqual(['/pricing', '/blog', '/status']);
  });
});
