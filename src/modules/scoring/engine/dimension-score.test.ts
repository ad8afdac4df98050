import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS, dimensionById, type DimensionId } from '../../../framework/dimensions.ts';
import { playbookStep } from '../../../framework/playbook.ts';
import { RUBRIC } from '../../../framework/rubric.ts';
import { signalType, type SignalId } from '../../../framework/signal-types.ts';
import { stageForLevel } from '../../../framework/tiers.ts';
import type { Finding } from '../artifacts.ts';
import { TEST_ORIGIN, testFinding } from '../../../../test/fixtures/test-pages.ts';
import { assessDimension, confidenceFor, levelFor, supportOf, tallySignals } from './dimension-score.ts';

/** The dimension's expected signals, heaviest first (ties by id). */
function signalsByWeight(id: DimensionId): SignalId[] {
  const weights = RUBRIC[id].weights;
  return (Object.keys(weights) as SignalId[]).sort((a, b) => weights[b]! - weights[a]! || (a < b ? -1 : 1));
}

/** Hand-built findings meant to land a dimension on each level. */
function findingsForLevel(id: DimensionId, level: 1 | 2 | 3 | 4): Finding[] {
  const signals = signalsByWeight(id);
  if (level === 1) return [];
  if (level === 2) return [testFinding(signals[0]!)];
  if (level === 3) return signals.slice(0, 2).map((signal, i) => testFinding(signal, { path: `/page-${i}` }));
  return signals.flatMap((signal) => [1, 2, 3].map((n) => testFinding(signal, { path: `/${signal}-${n}`, text: `${signal} quote ${n}` })));
}

/** Canonical crawled pages, root first. */
const PAGES = ['/', '/about', '/blog', '/blog/launch-week', '/changelog', '/pricing', '/docs/billing'].map((path) => `${TEST_ORIGIN}${path}`);

/** Labels of the expected signals with no finding, heaviest first. */
function heaviestNotFound(id: DimensionId, findings: readonly Finding[]): string[] {
  return signalsByWeight(id)
    .filter((signal) => !findings.some((finding) => finding.signal === signal))
    .map((signal) => signalType(signal).label);
}

function lowerFirst(text: string): string {
  return `${text[0]!.toLowerCase()}${text.slice(1).replace(/\.$/, '')}`;
}

describe('assessDimension', () => {
  describe.each(DIMENSION_IDS)('%s', (id) => {
    it.each([1, 2, 3, 4] as const)('reaches level %i from hand-built findings', (level) => {
      const { score } = assessDimension(id, findingsForLevel(id, level), null, PAGES);
      expect(score.score).toBe(level);
      expect(score.stageName).toBe(stageForLevel(level));
      expect(score.dimensionName).toBe(dimensionById(id).name);
    });
  });

  it('at level 1 with nothing found, says where we looked and for what, without claiming it is absent, and gives a first step', () => {
    const { score, missingSignals, findings } = assessDimension('roadmap_discipline', [], null, PAGES, 'Acme');
    expect(score).toMatchObject({ score: 1, confidence: 'low', evidence: 'No public evidence for Roadmap Discipline was found on the crawled pages.' });
    expect(findings).toEqual([]);
    expect(missingSignals).toHaveLength(Object.keys(RUBRIC.roadmap_discipline.weights).length);
    const [first, second, third] = heaviestNotFound('roadmap_discipline', []);
    expect(score.reasoning).toBe(
      `None of the 7 pages we read (the home page, /about, /blog, /changelog and three others) shows ${first}, ${second}, or ${third}. ` +
        `A first step for Acme: ${lowerFirst(playbookStep('roadmap_discipline', 1)!.firstSteps[0]!)}.`,
    );
  });

  it('at level 1 with no page read, says so rather than that nothing exists', () => {
    const { score } = assessDimension('roadmap_discipline', [], null, []);
    expect(score.reasoning).toMatch(/^No page of the site could be read, so we could not look for a public roadmap page, /);
  });

  it('at level 3, cites the site in its own words with the page, names the rest, and says what level 4 needs for this company', () => {
    const findings = [
      testFinding('pricing.tiers', { path: '/pricing', text: 'Starter is $29 a month, Growth $99, Scale $299.' }),
      testFinding('pricing.annual_discount', { path: '/pricing' }),
      testFinding('pricing.seat_based', { path: '/docs/billing/' }),
      testFinding('pricing.seat_based', { path: '/' }),
    ];
    const { score } = assessDimension('pricing_packaging', findings, null, PAGES, 'Acme');
    expect(score.score).toBe(3);
    const [first, second] = heaviestNotFound('pricing_packaging', findings);
    expect(score.reasoning).toBe(
      'On /pricing, the site says "Starter is $29 a month, Growth $99, Scale $299". ' +
        'We also found per-seat pricing on the home page and /docs/billing, and annual billing options on /pricing. ' +
        'It holds up across more than one page. ' +
        `For level 4, Acme would need ${first} or ${second}; we did not find them on the pages we read. ` +
        `A concrete next step: ${lowerFirst(playbookStep('pricing_packaging', 3)!.firstSteps[0]!)}.`,
    );
    expect(score.reasoning).not.toMatch(/\d\s*points?\b|signals?\b/);
  });

  it('at level 2, says it rests on one bare statement, and what level 3 needs', () => {
    const findings = [testFinding('changelog.published', { path: '/changelog', text: 'What is new in Acme this season' })];
    const { score } = assessDimension('delivery_velocity', findings, null, PAGES, 'Acme');
    const [first, second] = heaviestNotFound('delivery_velocity', findings);
    expect(score.score).toBe(2);
    expect(score.reasoning).toContain(
      'On /changelog, the site says "What is new in Acme this season". It rests on one statement on one page, with no figure behind it',
    );
    expect(score.reasoning).toContain(`For level 3, Acme would need ${first} or ${second}; we did not find them on the pages we read.`);
  });

  it('cuts a long quote around the words that matched, and keeps them verbatim', () => {
    const long =
      'Our platform is used by teams of every size across many industries and regions, and the cloud instance is designed to be highly available with daily backups kept for thirty days.';
    const finding = { ...testFinding('arch.reliability_practice', { path: '/cloud', text: long }), phrase: 'highly available' };
    const { score } = assessDimension('architecture_systems', [finding], null, PAGES);
    const cited = /the site says "…?([^"]+?)…?"/.exec(score.reasoning)![1]!;
    expect(cited).toContain('highly available');
    expect(long).toContain(cited);
  });

  it('does not advise a step the site already shows', () => {
    const statusPage = testFinding('arch.status_page', { path: '/', text: 'See our status page for uptime.' });
    const { score } = assessDimension('architecture_systems', [statusPage], null, PAGES);
    expect(score.reasoning).not.toMatch(/launch a status page/i);
  });

  it('names a page on another host of the site by host and path', () => {
    const { score } = assessDimension('spec_context_quality', [testFinding('docs.api_reference', { path: '/api' })], null, ['http://www.fixture.local/']);
    expect(score.reasoning).toMatch(/^On fixture\.local\/api, the site says /);
  });

  it('quotes at most the two strongest signals, each with its page', () => {
    const findings = [
      testFinding('security.soc2', { path: '/security', text: 'SOC 2 Type II audited' }),
      testFinding('security.iso27001', { path: '/trust', text: 'ISO 27001 certified' }),
      testFinding('security.regulatory', { path: '/legal', text: 'GDPR ready' }),
    ];
    const { score } = assessDimension('trust_security', findings, null, PAGES);
    expect(score.evidence).toBe('"SOC 2 Type II audited" (http://fixture.local/security); "ISO 27001 certified" (http://fixture.local/trust)');
  });

  it('applies a cap and says why, in plain words', () => {
    const { score, cappedBy, curveLevel } = assessDimension(
      'delivery_velocity',
      findingsForLevel('delivery_velocity', 4),
      { maxLevel: 2, reason: 'Stale changelog' },
      PAGES,
    );
    expect(score.score).toBe(2);
    expect(curveLevel).toBe(4);
    expect(cappedBy).toBe('Stale changelog');
    expect(score.reasoning).toContain('It is held at level 2 by a warning sign we check for, "Stale changelog"');
    expect(score.reasoning).not.toContain('For level 3');
  });

  it('ignores findings of other dimensions and signals the rubric does not weigh there', () => {
    const stray = { ...testFinding('security.soc2'), dimensionId: 'pricing_packaging' as const };
    expect(assessDimension('pricing_packaging', [stray, testFinding('security.iso27001')], null, PAGES).score.score).toBe(1);
  });
});

/** A finding read from markup, not stated in the text. */
function observed(signal: SignalId, path: string): Finding {
  return { ...testFinding(signal, { path }), evidence: { kind: 'observation', source: 'script', text: `https://cdn.example/${signal}.js` } };
}

describe('a level 3 or 4 stands on at least one quoted sentence that supports it by itself', () => {
  const markupOnly = [observed('tech.product_analytics', '/'), observed('tech.customer_data_platform', '/'), observed('tech.session_replay', '/pricing')];

  it('holds at level 2 a level the curve gives from markup alone, and says a stated sentence is needed', () => {
    const { score, curveLevel, heldWithoutQuote } = assessDimension('product_analytics', markupOnly, null, PAGES);
    expect(curveLevel).toBe(4);
    expect(heldWithoutQuote).toBe(true);
    expect(score.score).toBe(2);
    expect(score.stageName).toBe(stageForLevel(2));
    expect(score.reasoning).toContain(
      "A product-analytics tool shows in the site's scripts on the home page. We also found a customer-data platform on the home page and session-replay or heatmap tooling on /pricing. " +
        "It stays at level 2: what we found is read from the site's code, links and markup, and a higher level needs a sentence on the site that states the practice.",
    );
  });

  it('holds at level 2 when every quoted finding is too weak to carry a level by itself', () => {
    // web analytics weighs 1: at strength 0.9 the quote is worth less than the curve's level 2 needs.
    const weakQuote = testFinding('tech.web_analytics', { path: '/blog', strength: 0.9 });
    const { score, heldWithoutQuote } = assessDimension('product_analytics', [...markupOnly, weakQuote], null, PAGES);
    expect(heldWithoutQuote).toBe(true);
    expect(score.score).toBe(2);
    expect(score.reasoning).toContain('none of the sentences we found states the practice strongly enough by itself');
  });

  it('keeps the level when one quoted finding supports it by itself', () => {
    const statedRole = testFinding('careers.analytics_roles', { path: '/careers' });
    const { score, heldWithoutQuote } = assessDimension('product_analytics', [...markupOnly, statedRole], null, PAGES);
    expect(heldWithoutQuote).toBe(false);
    expect(score.score).toBe(4);
  });

  it('never touches levels 1 and 2', () => {
    const { score, heldWithoutQuote } = assessDimension('product_analytics', [observed('tech.product_analytics', '/')], null, PAGES);
    expect(score.score).toBe(2);
    expect(heldWithoutQuote).toBe(false);
  });
});

describe('rubric arithmetic', () => {
  it('decays repeats of one signal and counts at most three', () => {
    const repeats = [1, 0.5, 1, 1].map((strength, i) => testFinding('pricing.tiers', { strength, path: `/p${i}` }));
    const [tally] = tallySignals('pricing_packaging', repeats);
    // weight 2: 2 x (1 + 1 x 0.5 + 1 x 0.25); the 0.5-strength finding is the fourth and drops out.
    expect(tally!.points).toBe(3.5);
    expect(tally!.findings).toHaveLength(3);
  });

  it('lifts one signal above level 2 only when it holds up, and never a page of bare claims to level 4, however many points', () => {
    const curve = { pointsForLevel2: 1, pointsForLevel3: 2, pointsForLevel4: 3 };
    const support = (signals: number, pages: number, specific: boolean) => ({ signals, pages, specific });
    expect(levelFor(100, support(1, 1, false), curve)).toBe(2);
    expect(levelFor(100, support(1, 2, false), curve)).toBe(3);
    expect(levelFor(100, support(1, 1, true), curve)).toBe(3);
    expect(levelFor(100, support(3, 1, true), curve)).toBe(3);
    expect(levelFor(100, support(3, 2, false), curve)).toBe(4);
    expect(levelFor(100, support(4, 1, true), curve)).toBe(4);
    expect(levelFor(0.5, support(3, 2, true), curve)).toBe(1);
  });

  it('reads the support from the findings: signals, pages and a quote with a figure', () => {
    const findings = [
      testFinding('pricing.tiers', { path: '/pricing', text: 'Pro is $25 a month.' }),
      testFinding('pricing.tiers', { path: '/pricing' }),
      testFinding('pricing.enterprise_plan', { path: '/enterprise' }),
    ];
    expect(supportOf(findings)).toEqual({ signals: 2, pages: 2, specific: true });
    expect(supportOf(findings.slice(1))).toEqual({ signals: 2, pages: 2, specific: false });
  });

  it('rates confidence by the amount and the diversity of evidence', () => {
    const f = (signal: SignalId, path: string) => testFinding(signal, { path });
    expect(confidenceFor([], 0)).toBe('low');
    expect(confidenceFor([f('pricing.tiers', '/a')], 1)).toBe('low');
    expect(confidenceFor([f('pricing.tiers', '/a'), f('pricing.tiers', '/b')], 1)).toBe('medium');
    expect(confidenceFor([f('pricing.tiers', '/a'), f('pricing.seat_based', '/a')], 2)).toBe('medium');
    const broad = [f('pricing.tiers', '/a'), f('pricing.seat_based', '/a'), f('pricing.usage_based', '/b'), f('pricing.tiers', '/b')];
    expect(confidenceFor(broad, 3)).toBe('high');
    expect(
      confidenceFor(
        broad.map((x) => ({ ...x, url: 'http://fixture.local/a' })),
        3,
      ),
    ).toBe('medium');
  });
});
