/**
 * The kinds of error the scorer made on real sites it had never seen (the
 * scoring-truth issue), each held by a small site built to show it: claims
 * read in prose in any section, who a sentence speaks for, whether it is done,
 * release posts on a blog, status-marked roadmaps, levels that spread, and a
 * level that a few added keywords cannot buy. Pure: pages -> detectors ->
 * engine, no crawl.
 */
import { describe, expect, it } from 'vitest';
import type { DimensionId } from '../../../framework/dimensions.ts';
import type { SignalId } from '../../../framework/signal-types.ts';
import { testPage, type TestPage } from '../../../../test/fixtures/test-pages.ts';
import { detectSignals } from '../signals/detect-signals.ts';
import { siteFacts } from '../signals/site-facts.ts';
import { scoreSite } from './score-site.ts';

const AS_OF = new Date('2026-11-20T00:00:00Z');

/** A small company site that shows nothing in particular: every test adds to it. */
const PLAIN_SITE: TestPage[] = [
  { path: '/', title: 'Acme | Invoicing', main: '<p>Acme makes invoices simple for small firms.</p>' },
  { path: '/about', main: '<p>Acme was founded in Berlin by two accountants.</p>' },
  { path: '/contact', main: '<p>Write to us and we answer the same day.</p>' },
];

function score(extra: TestPage[]) {
  const pages = [...PLAIN_SITE, ...extra].map(testPage);
  const findings = detectSignals(pages);
  const result = scoreSite({ findings, facts: siteFacts(pages), asOf: AS_OF });
  const level = (id: DimensionId) => result.dimensions.find((d) => d.dimensionId === id)!.score;
  const signals = new Set(findings.map((f) => f.signal as SignalId));
  return { result, level, signals };
}

describe('evidence in prose, in any section of the site', () => {
  it('reads staged rollouts described in a handbook or an engineering post', () => {
    const { signals } = score([
      { path: '/handbook/releases', main: '<p>We open the feature to internal users first, then to ten percent of accounts.</p>' },
      { path: '/blog/how-we-ship', main: '<p>We run a controlled feature release so that we can measure the impact on conversion.</p>' },
    ]);
    expect(signals).toContain('quality.staged_rollouts');
  });

  it('reads incident retrospectives, service-level objectives and on-call as reliability practice', () => {
    const { signals, level } = score([
      { path: '/blog/incident-2026-03-02', main: '<p>We hold a blameless retrospective after every incident and publish it here.</p>' },
      { path: '/handbook/reliability', main: '<p>We set service-level objectives for the API and keep an on-call rotation every week.</p>' },
    ]);
    expect(signals).toContain('process.retrospectives');
    expect(signals).toContain('arch.reliability_practice');
    expect(level('architecture_systems')).toBeGreaterThanOrEqual(2);
  });

  it('reads a public RFC process with rejected alternatives as decision practice', () => {
    const { signals, level } = score([
      { path: '/handbook/rfcs', main: '<p>Every significant change starts as a public RFC that lists the rejected alternatives and why we rejected them.</p>' },
    ]);
    expect(signals).toContain('decision.public_rfcs');
    expect(signals).toContain('decision.rationale_writing');
    expect(level('decision_quality')).toBeGreaterThanOrEqual(3);
  });

  it('reads testing of critical flows as a quality practice', () => {
    const { signals } = score([{ path: '/handbook/engineering', main: '<p>Before release we add and test logging for critical flows such as checkout.</p>' }]);
    expect(signals).toContain('quality.qa_practice');
  });

  it('counts a customer outcome with numbers inside a testimonial', () => {
    const { signals } = score([
      {
        path: '/pricing',
        main: '<blockquote><p>With Acme our conversion rate went from 14% to 43% in one quarter.</p></blockquote><p>Maria Lopez, Head of Growth at Globex</p>',
      },
    ]);
    expect(signals).toContain('customers.quantified_outcomes');
    expect(signals).toContain('customers.testimonials');
  });
});

describe('who a sentence speaks for, and whether it is done', () => {
  it("does not read a testimonial author's job title as the company's customer-success team", () => {
    const { signals } = score([
      {
        path: '/pricing',
        main: '<blockquote><p>“Setup took one afternoon and the invoices simply went out.”</p></blockquote><p>Jane Doe, Senior Technical Account Manager at Globex</p>',
      },
    ]);
    expect(signals).toContain('customers.testimonials');
    expect(signals).not.toContain('support.dedicated_csm');
  });

  it("does not read a customer's feature flags as the company's experimentation", () => {
    const { level } = score([{ path: '/customers/globex', main: '<p>Globex ships every change behind feature flags and runs A/B tests on its checkout.</p>' }]);
    expect(level('quality_experimentation')).toBe(1);
  });

  it("does not read a link to a third party's help pages as the company's documentation", () => {
    const { signals } = score([
      { path: '/blog/files', main: '<p>We relied on <a href="https://developer.mozilla.org/en-US/docs/Web/API/File">the MDN file reference</a> for this.</p>' },
    ]);
    expect(signals).not.toContain('docs.documentation_site');
  });

  it("does read a link to the company's own docs host as its documentation", () => {
    const pages = [...PLAIN_SITE, { path: '/pricing', main: '<p>Read the <a href="https://docs.acme.example/start">Acme docs</a>.</p>' }].map(testPage);
    expect(detectSignals(pages).map((f) => f.signal)).toContain('docs.documentation_site');
  });

  it("does not read a founder's biography as the company's labs programme", () => {
    const { signals } = score([{ path: '/team', main: '<p>Prior to this, she co-founded Blend Labs and led its product team.</p>' }]);
    expect(signals).not.toContain('prototype.labs');
  });

  it('does not count "in the process of becoming SOC 2 compliant" as compliance, but does count it once it is done', () => {
    const becoming = score([{ path: '/security', main: '<p>We are in the process of becoming SOC 2 compliant.</p>' }]);
    expect(becoming.signals).not.toContain('security.soc2');
    const done = score([{ path: '/security', main: '<p>Acme is SOC 2 Type II compliant, audited every year.</p>' }]);
    expect(done.signals).toContain('security.soc2');
  });
});

describe('release posts on a blog and status-marked roadmaps', () => {
  const posts: TestPage[] = [
    {
      path: '/blog/acme-2-4',
      title: 'Acme 2.4 released',
      main: '<h1>Acme 2.4 released</h1><p>Published March 3, 2026</p><p>Acme 2.4 adds Danish invoices.</p>',
    },
    { path: '/blog/acme-2-5', title: 'Acme 2.5 released', main: '<h1>Acme 2.5 released</h1><p>Published April 2, 2026</p><p>Acme 2.5 adds bank sync.</p>' },
    { path: '/blog/acme-2-6', title: 'Acme 2.6 released', main: '<h1>Acme 2.6 released</h1><p>Published May 4, 2026</p><p>Acme 2.6 adds reminders.</p>' },
  ];

  it('earns delivery from dated, versioned release posts under /blog, though no page is called a changelog', () => {
    const { signals, level, result } = score(posts);
    expect(signals).toContain('delivery.release_posts');
    expect(level('delivery_velocity')).toBeGreaterThanOrEqual(2);
    // The posts are dated release notes: a stale record is judged from them too.
    expect(result.antiPatternsDetected).toContain('Stale changelog');
  });

  it('recognises a roadmap whose items carry status marks on a community page', () => {
    const { signals, level } = score([
      {
        path: '/community',
        main: '<h2>Our roadmap</h2><ul><li>Bank sync (done)</li><li>Danish invoices (in progress)</li><li>Payroll (next)</li></ul><p>Tell us what you need on the forum.</p>',
      },
    ]);
    expect(signals).toContain('roadmap.status_columns');
    expect(signals).toContain('roadmap.public_page');
    expect(level('roadmap_discipline')).toBeGreaterThanOrEqual(3);
  });
});

describe("levels that spread like an analyst's, and resist gaming", () => {
  it('lets one strong, specific, quoted practice reach level 3', () => {
    const { level } = score([{ path: '/pricing', main: '<p>Every paid plan comes with an SLA for 99.99% uptime and service credits.</p>' }]);
    expect(level('architecture_systems')).toBe(3);
  });

  it('keeps a bare one-line claim at level 2', () => {
    const { level } = score([{ path: '/pricing', main: '<p>We care a lot about uptime and offer an uptime guarantee.</p>' }]);
    expect(level('architecture_systems')).toBe(2);
  });

  it('does not lift a site that shows nothing', () => {
    const { result } = score([]);
    expect(result.totalScore).toBeLessThanOrEqual(30);
  });

  it('does not buy level 4 with one roadmap page and three sentences', () => {
    const gamed = score([
      {
        path: '/roadmap',
        main: '<h1>Roadmap</h1><h2>Now</h2><ul><li>Bank sync</li></ul><h2>Next</h2><ul><li>Danish invoices</li></ul><h2>Later</h2><ul><li>Payroll in Q3 2027</li></ul>',
      },
      {
        path: '/product',
        main: '<p>You asked, we built: dark mode is here.</p><p>We talk to customers every week in user interviews.</p><p>Vote on features on our feedback board.</p>',
      },
    ]);
    // The sentences are read: the gaming lifts each dimension off level 1, no further than a practice that holds up.
    expect(gamed.signals).toContain('feedback.closed_loop');
    expect(gamed.signals).toContain('research.user_research_practice');
    expect(gamed.level('roadmap_discipline')).toBeLessThanOrEqual(3);
    expect(gamed.level('feedback_loop_quality')).toBeLessThanOrEqual(3);
    expect(gamed.level('research_discovery')).toBeLessThanOrEqual(3);
    expect(gamed.result.totalScore).toBeLessThan(40);
  });

  it('gives level 4 to a practice shown across pages with a system around it', () => {
    const { level } = score([
      {
        path: '/roadmap',
        main: '<h1>Roadmap</h1><h2>Now</h2><ul><li>Bank sync</li></ul><h2>Next</h2><ul><li>Danish invoices</li></ul><h2>Shipped</h2><ul><li>Reminders, see the <a href="/changelog">changelog</a></li></ul>',
      },
      { path: '/handbook/planning', main: '<p>We hold quarterly roadmap planning and review the roadmap every month with customers.</p>' },
      { path: '/changelog', main: '<h1>Changelog</h1><h2>2026-10-01</h2><p>Reminders shipped.</p>' },
    ]);
    expect(level('roadmap_discipline')).toBe(4);
  });
});
