import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { testFinding, testPage } from '../../../../test/fixtures/test-pages.ts';
import { detectSignals } from '../signals/detect-signals.ts';
import { siteFacts } from '../signals/site-facts.ts';
import { scoreSite, withRefinedDimensions } from './score-site.ts';
import { toScoringResult } from './scoring-result.ts';

const AS_OF = new Date('2026-11-20T00:00:00Z');
const NO_PAGES = siteFacts([]);

describe('scoreSite', () => {
  it('scores a site with no evidence at level 1 everywhere, Foundation, with no invented evidence', () => {
    const result = scoreSite({ findings: [], facts: NO_PAGES, asOf: AS_OF });
    expect(result.totalScore).toBe(27);
    expect(result.stageName).toBe('Foundation');
    expect(result.companyName).toBeUndefined();
    expect(result.strengths).toEqual([]);
    expect(result.antiPatternsDetected).toEqual([]);
    for (const d of result.dimensions)
      expect(d).toMatchObject({ score: 1, confidence: 'low', evidence: `No public evidence for ${d.dimensionName} was found on the crawled pages.` });
  });

  it('keeps the findings that counted per dimension, for grounding a later refinement', () => {
    const findings = [testFinding('security.soc2', { path: '/security' }), testFinding('pricing.tiers', { path: '/pricing' })];
    const { grounding } = scoreSite({ findings, facts: NO_PAGES, asOf: AS_OF });
    expect(Object.keys(grounding)).toEqual([...DIMENSION_IDS]);
    expect(grounding.trust_security.findings).toEqual([findings[0]]);
    expect(grounding.trust_security.points).toBe(2.5);
    expect(grounding.trust_security.missingSignals).not.toContain('security.soc2');
    expect(grounding.market_intelligence.findings).toEqual([]);
  });

  it('keeps what each counted finding was worth, and tells the reasoning which pages were crawled', () => {
    const pages = [testPage({ path: '/pricing', title: 'Pricing' }), testPage({ path: '/', title: 'Acme' })];
    const findings = [testFinding('pricing.tiers', { path: '/pricing' }), testFinding('pricing.tiers', { path: '/', strength: 0.5 })];
    const { grounding, dimensions } = scoreSite({ findings, facts: siteFacts(pages), asOf: AS_OF });
    expect(grounding.pricing_packaging.contributions).toEqual([
      { finding: findings[0], weight: 2, figure: 1, decay: 1, points: 2 },
      { finding: findings[1], weight: 2, figure: 1, decay: 0.5, points: 0.5 },
    ]);
    expect(grounding.pricing_packaging).toMatchObject({ points: 2.5, curveLevel: 2, cappedBy: null, heldWithoutQuote: false });
    const roadmap = dimensions.find((d) => d.dimensionId === 'roadmap_discipline')!;
    expect(roadmap.reasoning).toMatch(/^None of the 2 pages we read \(the home page and \/pricing\) shows /);
  });

  it('scores what the detector stage read from pages: findings and site facts', () => {
    const pages = [testPage({ title: 'Initech | Payroll', main: '<p>Initech is SOC 2 Type II certified.</p>' })];
    const findings = detectSignals(pages);
    const result = scoreSite({ findings, facts: siteFacts(pages), asOf: AS_OF });
    expect(result.companyName).toBe('Initech');
    expect(findings.map((f) => f.signal)).toContain('security.soc2');
    expect(result.dimensions.find((d) => d.dimensionId === 'trust_security')!.score).toBe(2);
  });
});

describe('withRefinedDimensions', () => {
  it('recomputes total, tier, strengths and gaps from refined scores, keeping anti-patterns and grounding', () => {
    const engine = scoreSite({ findings: [testFinding('security.soc2')], facts: NO_PAGES, asOf: AS_OF });
    const refined = engine.dimensions.map((d) => (d.dimensionId === 'pricing_packaging' ? { ...d, score: 3, stageName: 'Leading' as const } : d));
    const result = withRefinedDimensions(engine, refined);
    expect(result.totalScore).toBe(engine.totalScore + 2);
    expect(result.strengths[0]).toBe('pricing_packaging');
    expect(result.dimensions).toBe(refined);
    expect(result.grounding).toBe(engine.grounding);
    expect(result.antiPatternsDetected).toBe(engine.antiPatternsDetected);
  });
});

describe('toScoringResult', () => {
  const engine = scoreSite({ findings: [], facts: siteFacts([testPage({ title: 'Initech' })]), asOf: AS_OF });
  const identity = {
    id: '6f9619ff-8b86-4d11-b42d-00c04fc964ff',
    url: 'https://initech.example/',
    createdAt: '2026-11-20T10:00:00.000Z',
    depth: 'full',
  } as const;

  it('adds what the service knows and leaves the grounding out', () => {
    const result = toScoringResult(engine, { ...identity, productId: null, crawledPages: ['https://initech.example/'] });
    expect(result).toMatchObject({ ...identity, companyName: 'Initech', productId: null, crawledPages: ['https://initech.example/'], totalScore: 27 });
    expect('grounding' in result).toBe(false);
    expect('crawlStats' in result).toBe(false);
  });

  it("lets a caller-supplied company name win over the site's", () => {
    expect(toScoringResult(engine, { ...identity, companyName: 'Initrode' }).companyName).toBe('Initrode');
  });
});
