import { describe, expect, it } from 'vitest';
import { ANTI_PATTERNS, STALE_CHANGELOG_DAYS, type AntiPatternId } from '../../../framework/anti-patterns.ts';
import type { SignalId } from '../../../framework/signal-types.ts';
import type { PageArtifact, SiteFacts } from '../artifacts.ts';
import { TEST_ORIGIN, testFinding, testPage } from '../../../../test/fixtures/test-pages.ts';
import { siteFacts } from '../signals/site-facts.ts';
import { detectAntiPatterns, gatherFacts } from './anti-pattern-facts.ts';
import { scoreSite } from './score-site.ts';

const AS_OF = new Date('2026-11-20T00:00:00Z');
const ANALYTICS: SignalId[] = ['tech.product_analytics'];

/** Pages are turned into site facts the way the pipeline does it (siteFacts), so each rule meets the facts a real page gives. */
interface Case {
  signals: SignalId[];
  pages?: PageArtifact[];
}

/** For each rule, one case built to trigger it (and, with product analytics present, nothing else). */
const TRIGGERS: Record<AntiPatternId, Case> = {
  pricing_hidden_behind_sales: {
    signals: ['pricing.contact_sales', ...ANALYTICS],
    pages: [testPage({ path: '/pricing', main: '<p>Talk to sales for pricing.</p>' })],
  },
  stale_changelog: { signals: ANALYTICS, pages: [testPage({ path: '/changelog', main: '<p>2026-01-10</p><p>2026-02-10</p><p>2026-03-10</p>' })] },
  no_product_analytics: { signals: ['tech.web_analytics'], pages: [testPage({ path: '/' })] },
  customer_claims_without_proof: { signals: ['customers.logo_wall', ...ANALYTICS] },
  security_claims_without_certification: { signals: ['security.vague_claims', ...ANALYTICS] },
  ai_without_usage_pricing: { signals: ['ai.features', ...ANALYTICS] },
  roadmap_without_delivery_record: { signals: ['roadmap.public_page', ...ANALYTICS] },
  feedback_without_follow_through: { signals: ['feedback.public_board', ...ANALYTICS] },
  hiring_without_product_roles: { signals: ['careers.careers_page', ...ANALYTICS] },
};

/** The same cases with the missing proof added: the rule must then stay silent. */
const ANSWERED: Record<AntiPatternId, Case> = {
  pricing_hidden_behind_sales: {
    signals: ['pricing.contact_sales'],
    pages: [testPage({ path: '/pricing', main: '<p>Pro $49 a month. Talk to sales for more.</p>' })],
  },
  stale_changelog: { signals: [], pages: [testPage({ path: '/changelog', main: '<p>2026-09-10</p><p>2026-10-10</p><p>2026-11-10</p>' })] },
  no_product_analytics: { signals: ['tech.customer_data_platform'], pages: [testPage({ path: '/' })] },
  customer_claims_without_proof: { signals: ['customers.logo_wall', 'customers.case_studies'] },
  security_claims_without_certification: { signals: ['security.vague_claims', 'security.soc2'] },
  ai_without_usage_pricing: { signals: ['ai.features', 'ai.token_pricing'] },
  roadmap_without_delivery_record: { signals: ['roadmap.public_page', 'changelog.published'] },
  feedback_without_follow_through: { signals: ['feedback.public_board', 'feedback.closed_loop'] },
  hiring_without_product_roles: { signals: ['careers.careers_page', 'careers.design_roles'] },
};

const detected = ({ signals, pages = [] }: Case, asOf = AS_OF) =>
  detectAntiPatterns(
    gatherFacts(
      siteFacts(pages),
      signals.map((signal) => testFinding(signal)),
      asOf,
    ),
  ).map((p) => p.id);

describe('anti-patterns', () => {
  it('has at least six named rules, each with a case that triggers it', () => {
    expect(ANTI_PATTERNS.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(TRIGGERS).sort()).toEqual(ANTI_PATTERNS.map((p) => p.id).sort());
    expect(new Set(ANTI_PATTERNS.map((p) => p.name)).size).toBe(ANTI_PATTERNS.length);
  });

  it.each(Object.keys(TRIGGERS) as AntiPatternId[])('%s fires on the case built for it, and only it', (id) => {
    expect(detected(TRIGGERS[id])).toEqual([id]);
  });

  it.each(Object.keys(ANSWERED) as AntiPatternId[])('%s stays silent once the proof is there', (id) => {
    expect(detected(ANSWERED[id])).not.toContain(id);
  });

  it('measures staleness against the crawl date it is given, not a clock', () => {
    const changelog = testPage({ path: '/changelog', main: '<p>2026-01-10</p><p>2026-02-10</p><p>2026-03-10</p>' });
    const newest = Date.parse('2026-03-10T00:00:00Z');
    const justFresh = new Date(newest + STALE_CHANGELOG_DAYS * 86_400_000);
    expect(detected({ signals: ANALYTICS, pages: [changelog] }, justFresh)).toEqual([]);
    expect(detected({ signals: ANALYTICS, pages: [changelog] }, new Date(justFresh.getTime() + 86_400_000))).toEqual(['stale_changelog']);
  });

  it('takes the newest changelog date on or before the crawl date from the site facts alone', () => {
    const site: SiteFacts = {
      pageUrls: [`${TEST_ORIGIN}/changelog`],
      companyName: null,
      changelogDates: ['2026-01-10', '2026-11-20', '2026-12-01'],
      publishesAPrice: true,
    };
    expect(gatherFacts(site, [], AS_OF)).toMatchObject({ pageCount: 1, newestChangelogDate: '2026-11-20', publishesAPrice: true });
    expect(gatherFacts({ ...site, changelogDates: ['2027-01-01'] }, [], AS_OF).newestChangelogDate).toBeNull();
  });

  it('ignores changelog dates after the crawl date', () => {
    const changelog = testPage({ path: '/changelog', main: '<p>2026-01-10</p><p>2026-02-10</p><p>2027-12-31</p>' });
    expect(detected({ signals: ANALYTICS, pages: [changelog] })).toEqual(['stale_changelog']);
  });

  it('caps delivery velocity at level 2 when the changelog is stale', () => {
    const signals: SignalId[] = [
      'changelog.cadence',
      'changelog.dated_entries',
      'changelog.published',
      'changelog.versioned_releases',
      'delivery.shipping_claims',
    ];
    const findings = signals.flatMap((signal) => [1, 2, 3].map((n) => testFinding(signal, { path: `/changelog-${n}`, text: `${signal} ${n}` })));
    const pages = [testPage({ path: '/changelog', main: '<p>2025-01-10</p><p>2025-02-10</p><p>2025-03-10</p>' })];
    const facts = siteFacts(pages);
    const delivery = (asOf: Date) => scoreSite({ findings, facts, asOf }).dimensions.find((d) => d.dimensionId === 'delivery_velocity')!;
    expect(delivery(new Date('2025-04-01T00:00:00Z')).score).toBe(4);
    expect(delivery(AS_OF).score).toBe(2);
    expect(scoreSite({ findings, facts, asOf: AS_OF }).antiPatternsDetected).toContain('Stale changelog');
  });
});
