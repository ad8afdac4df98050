import { describe, expect, it } from 'vitest';
import { testPage } from '../../../../test/fixtures/test-pages.ts';
import { classifyPage, type PageKind } from './page-kinds.ts';

const kindsOf = (path: string, title = 'Acme', main = '') => [...classifyPage(testPage({ path, title, main }))].sort();

describe('classifyPage', () => {
  it.each<[string, PageKind[]]>([
    ['/', ['home']],
    ['/index.html', ['home']],
    ['/pricing', ['pricing']],
    ['/en/plans.html', ['pricing']],
    ['/changelog', ['changelog']],
    ['/careers/senior-product-manager', ['careers']],
    ['/customers/globex', ['customers']],
    ['/docs/api-reference', ['docs']],
    ['/compare/acme-vs-globex', ['compare']],
    ['/globex-alternative', ['compare']],
    ['/research/state-of-payroll-2026', ['research']],
    ['/state-of-payroll', ['research']],
    ['/solutions/fintech', ['solutions']],
    ['/for-agencies', ['solutions']],
    ['/engineering/postmortem', ['engineering', 'postmortem']],
    ['/blog/launch', ['blog']],
    ['/pricingtable', []],
  ])('%s is %j', (path, kinds) => {
    expect(kindsOf(path)).toEqual(kinds);
  });

  it('reads sub-domains: the root of docs.example.com is the docs, not the home page', () => {
    const page = { ...testPage({ path: '/' }), finalUrl: 'https://docs.acme.example/' };
    expect([...classifyPage(page)]).toEqual(['docs']);
  });

  it('reads a title or top heading that names the page in full', () => {
    expect(kindsOf('/p/123', 'Changelog | Acme')).toEqual(['changelog']);
    expect(kindsOf('/p/123', 'Acme', '<h1>Release notes</h1>')).toEqual(['changelog']);
    expect(kindsOf('/blog/pricing-changes', 'Pricing changes in 2026 | Acme')).toEqual(['blog']);
  });
});
