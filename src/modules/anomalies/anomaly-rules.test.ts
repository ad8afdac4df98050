/** The anomaly rules on hand-built results: what counts as beyond normal variation, and what does not. */
import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../test/fixtures/coach-result.ts';
import type { ScoringResult } from '../scoring/result-schema.ts';
import { detectAnomalies, TOTAL_DROP_MARGIN } from './anomaly-rules.ts';

const SITE = 'https://acme.example';
const pages = (...paths: string[]) => paths.map((path) => `${SITE}${path}`);

/** Acme with its pricing and changelog evidence quoted from their pages, the way the engine quotes. */
function scored(id: string, options: Parameters<typeof fixtureResult>[0] = {}, crawledPages = pages('/', '/pricing', '/changelog', '/about')): ScoringResult {
  const result = fixtureResult(options);
  return {
    ...result,
    id,
    url: `${SITE}/`,
    crawledPages,
    dimensions: result.dimensions.map((dimension) =>
      dimension.dimensionId === 'pricing_packaging'
        ? { ...dimension, evidence: `"Team: $49 a month" (${SITE}/pricing)` }
        : dimension.dimensionId === 'delivery_velocity'
          ? { ...dimension, evidence: `"v2.3 released" (${SITE}/changelog/); "Pricing for teams" (${SITE}/pricing)` }
          : dimension,
    ),
  };
}

const before = scored('00000000-0000-4000-8000-000000000001', { levels: { pricing_packaging: 3 } });

describe('detectAnomalies', () => {
  it('finds nothing when the site scored the same', () => {
    expect(detectAnomalies(before, scored('00000000-0000-4000-8000-000000000002', { levels: { pricing_packaging: 3 } }))).toEqual([]);
  });

  it('finds nothing when levels only rose', () => {
    expect(detectAnomalies(before, scored('00000000-0000-4000-8000-000000000002', { levels: { pricing_packaging: 4, research_discovery: 2 } }))).toEqual([]);
  });

  it('reports a dimension down a level, with its evidence before and after', () => {
    const after = scored('00000000-0000-4000-8000-000000000002', { levels: { pricing_packaging: 2 } });
    const [anomaly, ...rest] = detectAnomalies(before, after);
    expect(rest).toEqual([]);
    expect(anomaly).toMatchObject({
      kind: 'dimension_down',
      subject: 'pricing_packaging',
      severity: 'medium',
      summary: 'Pricing & Packaging fell from level 3 to 2.',
      before: { resultId: before.id, value: 3, evidence: `"Team: $49 a month" (${SITE}/pricing)` },
      after: { resultId: after.id, value: 2 },
      dimensionIds: ['pricing_packaging'],
    });
  });

  it('calls two levels lost high severity, and a total down by the margin an anomaly of its own', () => {
    const after = scored('00000000-0000-4000-8000-000000000002', { levels: { pricing_packaging: 1, customer_success: 3 } });
    expect(before.totalScore - after.totalScore).toBe(TOTAL_DROP_MARGIN);
    const found = detectAnomalies(before, after);
    expect(found.map((anomaly) => [anomaly.kind, anomaly.subject, anomaly.severity])).toEqual([
      ['dimension_down', 'pricing_packaging', 'high'],
      ['dimension_down', 'customer_success', 'medium'],
      ['total_down', 'total', 'medium'],
    ]);
    expect(found[2]!.summary).toBe(`The total fell 3 points, from ${before.totalScore} (${before.stageName}) to ${after.totalScore} (${after.stageName}).`);
  });

  it('reports a page that carried evidence and was not read again, once, naming the dimensions it carried', () => {
    const after = scored('00000000-0000-4000-8000-000000000002', { levels: { pricing_packaging: 1 } }, pages('/', '/changelog', '/about', '/blog'));
    const gone = detectAnomalies(before, after).filter((anomaly) => anomaly.kind === 'evidence_page_gone');
    expect(gone).toEqual([
      expect.objectContaining({
        subject: '/pricing',
        // It carried the pricing level, which fell.
        severity: 'high',
        summary: '/pricing carried evidence for Delivery Velocity and Pricing & Packaging and was not found this time.',
        before: expect.objectContaining({ evidence: `${SITE}/pricing` }),
        after: expect.objectContaining({ evidence: 'not among the 4 pages read' }),
      }),
    ]);
    expect(gone[0]!.dimensionIds.sort()).toEqual(['delivery_velocity', 'pricing_packaging']);
  });

  it('does not count a page read under its slash form as gone, nor a page the earlier crawl never read', () => {
    const earlier = scored('00000000-0000-4000-8000-000000000001', {}, pages('/', '/changelog/', '/about'));
    const after = scored('00000000-0000-4000-8000-000000000002', {}, pages('/', '/changelog', '/about'));
    // /pricing is quoted but was not among the earlier pages; /changelog/ and /changelog are one page.
    expect(detectAnomalies(earlier, after)).toEqual([]);
  });

  it('never compares a quick score with a full one', () => {
    const quick = { ...scored('00000000-0000-4000-8000-000000000002', { depth: 'quick', levels: { pricing_packaging: 1 } }, pages('/')) };
    expect(detectAnomalies(before, quick)).toEqual([]);
  });
});
