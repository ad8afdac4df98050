import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, testPage } from '../../../../test/fixtures/test-pages.ts';
import { siteFacts } from './site-facts.ts';

describe('siteFacts', () => {
  it('lists the pages evidence may come from, successful ones only, root first', () => {
    const pages = [testPage({ path: '/pricing' }), { ...testPage({ path: '/gone' }), status: 404 }, testPage({ path: '/' }), testPage({ path: '/about' })];
    expect(siteFacts(pages).pageUrls).toEqual([`${TEST_ORIGIN}/`, `${TEST_ORIGIN}/about`, `${TEST_ORIGIN}/pricing`]);
  });

  it('names the company from the pages in canonical order, whatever order they arrive in', () => {
    const pages = [testPage({ path: '/about', title: 'About us | Globex' }), testPage({ path: '/', title: 'Initech | Payroll' })];
    expect(siteFacts(pages).companyName).toBe('Initech');
    expect(siteFacts([...pages].reverse()).companyName).toBe('Initech');
    expect(siteFacts([]).companyName).toBeNull();
  });

  it('collects the dates of changelog pages only, sorted and de-duplicated, future ones included', () => {
    const pages = [
      testPage({ path: '/changelog', main: '<p>2026-02-10</p><p>2027-12-31</p><p>2026-01-10</p>' }),
      testPage({ path: '/releases', main: '<p>2026-02-10</p><p>2025-06-01</p>' }),
      testPage({ path: '/blog/launch', main: '<p>2026-11-01</p>' }),
    ];
    // Which dates are too new to count depends on the crawl date: the engine decides that.
    expect(siteFacts(pages).changelogDates).toEqual(['2025-06-01', '2026-01-10', '2026-02-10', '2027-12-31']);
    expect(siteFacts([testPage({ path: '/' })]).changelogDates).toEqual([]);
  });

  it('sees a published price only on a pricing page that states one', () => {
    expect(siteFacts([testPage({ path: '/pricing', main: '<p>Talk to sales for pricing.</p>' })]).publishesAPrice).toBe(false);
    expect(siteFacts([testPage({ path: '/pricing', main: '<p>Pro $49 a month. Talk to sales for more.</p>' })]).publishesAPrice).toBe(true);
    expect(siteFacts([testPage({ path: '/features', main: '<p>Save $49 a month on tooling.</p>' })]).publishesAPrice).toBe(false);
  });
});
