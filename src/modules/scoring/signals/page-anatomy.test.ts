/**
 * Page anatomy and claims in context, through the detectors: boilerplate,
 * headings, code, cells and bare addresses are never evidence; a phrase
 * counts only where it asserts the company's own current practice; a quote is
 * the sentence that carries the signal.
 */
import { describe, expect, it } from 'vitest';
import type { SignalId } from '../../../framework/signal-types.ts';
import { testPage, type TestPage } from '../../../../test/fixtures/test-pages.ts';
import { detectSignals } from './detect-signals.ts';

function signalsOf(pages: TestPage[]): SignalId[] {
  return detectSignals(pages.map(testPage)).map((f) => f.signal as SignalId);
}

function quotesOf(pages: TestPage[], signal: SignalId): string[] {
  return detectSignals(pages.map(testPage))
    .filter((f) => f.signal === signal)
    .map((f) => f.evidence.text);
}

const OTHER_PAGES: TestPage[] = ['/about', '/blog', '/contact'].map((path) => ({ path, main: '<p>Acme makes invoices simple for small firms.</p>' }));

describe('page anatomy', () => {
  it('never takes evidence from a line repeated on most pages of the crawl, but does from a line on one page', () => {
    const banner = '<p>Trusted by 4,000 finance teams across Europe.</p>';
    const everywhere = ['/', '/pricing', '/about', '/blog'].map((path) => ({ path, main: `${banner}<p>Page ${path} says something of its own here.</p>` }));
    expect(signalsOf(everywhere)).not.toContain('customers.logo_wall');
    expect(signalsOf([{ path: '/', main: banner }, ...OTHER_PAGES])).toContain('customers.logo_wall');
  });

  it('never takes a link from navigation, or one repeated on most pages, as evidence; a link in the content counts', () => {
    const navLinked: TestPage[] = ['/', '/about', '/blog', '/contact'].map((path) => ({ path, main: '<p>Acme makes invoices simple.</p>', head: '' }));
    const withNav = navLinked.map((page) => testPage(page));
    // testPage puts a <nav> in every page's header; give the nav a roadmap link on each.
    const pages = withNav.map((page) => ({ ...page, links: [...page.links, { href: 'http://fixture.local/roadmap', text: 'Roadmap', chrome: true }] }));
    expect(detectSignals(pages).map((f) => f.signal)).not.toContain('roadmap.link');
    const repeatedInContent = ['/', '/about', '/blog', '/contact'].map((path) => ({
      path,
      main: '<p>See <a href="/roadmap">our roadmap</a> for what comes next.</p>',
    }));
    expect(signalsOf(repeatedInContent)).not.toContain('roadmap.link');
    expect(signalsOf([{ path: '/', main: '<p>See <a href="/roadmap">our roadmap</a> for what comes next.</p>' }, ...OTHER_PAGES])).toContain('roadmap.link');
  });

  it('does not take headings, code blocks, table cells or bare addresses as prose evidence', () => {
    expect(signalsOf([{ path: '/developers', main: '<h2>API reference</h2>' }])).not.toContain('docs.api_reference');
    expect(signalsOf([{ path: '/blog/how', main: '<pre>we run usability testing every sprint</pre>' }])).not.toContain('research.user_research_practice');
    expect(
      signalsOf([{ path: '/docs/api', main: '<table><tr><td>created_at</td><td>A timestamp following the public RFC 3339 format.</td></tr></table>' }]),
    ).not.toContain('decision.public_rfcs');
    expect(signalsOf([{ path: '/', main: '<p>https://status.acme.example/uptime-sla</p>' }])).not.toContain('arch.uptime_sla');
    expect(signalsOf([{ path: '/developers', main: '<p>Read the API reference for every endpoint.</p>' }])).toContain('docs.api_reference');
  });

  it('quotes the sentence that carries the signal, not the heading above it or the rest of its paragraph', () => {
    const roadmap = {
      path: '/roadmap',
      main: '<h1>Public roadmap</h1><p>Every item on this page links to the customer problem it solves and the metric it should move.</p>',
    };
    expect(quotesOf([roadmap], 'roadmap.public_page')).toEqual([
      'Every item on this page links to the customer problem it solves and the metric it should move.',
    ]);
    const paragraph = {
      path: '/security',
      main: '<p>Security comes first at Acme. Acme is certified to ISO 27001 by an accredited auditor. Ask us for the report.</p>',
    };
    expect(quotesOf([paragraph], 'security.iso27001')).toEqual(['Acme is certified to ISO 27001 by an accredited auditor.']);
  });
});

describe('claims in context', () => {
  const cases: { name: string; page: TestPage; signal: SignalId; counts: boolean }[] = [
    {
      name: 'a certification with the status Planned',
      page: { path: '/security', main: '<ul><li>ISO 27001 – Status: Planned</li></ul>' },
      signal: 'security.iso27001',
      counts: false,
    },
    {
      name: 'a certification coming soon',
      page: { path: '/security', main: '<p>Our SOC 2 Type II report is coming soon.</p>' },
      signal: 'security.soc2',
      counts: false,
    },
    {
      name: 'a certification held',
      page: { path: '/security', main: '<p>Acme is SOC 2 Type II audited every year.</p>' },
      signal: 'security.soc2',
      counts: true,
    },
    {
      name: 'a negated practice',
      page: { path: '/about', main: '<p>We do not run A/B tests on pricing yet.</p>' },
      signal: 'quality.experimentation_practice',
      counts: false,
    },
    {
      name: 'a practice on the roadmap',
      page: { path: '/about', main: '<p>Usability testing is on our roadmap for next year.</p>' },
      signal: 'research.user_research_practice',
      counts: false,
    },
    {
      name: "a customer's story about its own process",
      page: { path: '/customers/globex', main: '<p>Globex runs usability testing every sprint with its own shoppers.</p>' },
      signal: 'research.user_research_practice',
      counts: false,
    },
    {
      name: "an alternative's feature on a comparison page",
      page: { path: '/compare/acme-vs-globex', main: '<p>Globex adds feature flags and A/B testing for every plan.</p>' },
      signal: 'quality.staged_rollouts',
      counts: false,
    },
    {
      name: 'the named alternative on a comparison page',
      page: { path: '/compare/acme-vs-globex', main: '<p>Acme is the open-source alternative to Globex for small teams.</p>' },
      signal: 'compare.named_alternative',
      counts: true,
    },
    {
      name: 'a product capability described as a feature',
      page: { path: '/', main: '<p>A/B testing: built-in variant testing with detailed breakdowns for every event.</p>' },
      signal: 'quality.experimentation_practice',
      counts: false,
    },
    {
      name: 'a bug description in a changelog',
      page: { path: '/changelog', main: '<p>Fixed an issue where the help center search returned nothing.</p>' },
      signal: 'support.help_center',
      counts: false,
    },
    {
      name: "a job ad's wished-for skill",
      page: { path: '/careers', main: '<p>You have experience running usability testing with customers.</p>' },
      signal: 'research.user_research_practice',
      counts: false,
    },
    {
      name: 'investor text',
      page: { path: '/about', main: '<p>Backed by investors who also fund the best usability testing labs.</p>' },
      signal: 'research.user_research_practice',
      counts: false,
    },
    {
      name: 'a story in an article told about someone else',
      page: { path: '/blog/story', main: '<p>She ran usability testing at her last job for a decade.</p>' },
      signal: 'research.user_research_practice',
      counts: false,
    },
    {
      name: 'the company describing its own practice in an article',
      page: { path: '/blog/how-we-work', main: '<p>We run usability testing with five customers every sprint.</p>' },
      signal: 'research.user_research_practice',
      counts: true,
    },
    {
      name: 'a testimonial in a quotation about the customer’s own habit',
      page: { path: '/', main: '<blockquote><p>I prototype every idea with my team before we ship it to clients.</p></blockquote>' },
      signal: 'prototype.fast_iteration',
      counts: false,
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, { page, signal, counts }) => {
    if (counts) expect(signalsOf([page])).toContain(signal);
    else expect(signalsOf([page])).not.toContain(signal);
  });
});
