import { describe, expect, it } from 'vitest';
import type { SignalId } from '../framework/signal-types.ts';
import type { Finding } from '../modules/scoring/artifacts.ts';
import { scoreSite } from '../modules/scoring/engine/score-site.ts';
import { toScoringResult } from '../modules/scoring/engine/scoring-result.ts';
import { siteFacts } from '../modules/scoring/signals/site-facts.ts';
import { TEST_ORIGIN, testFinding, testPage } from '../../test/fixtures/test-pages.ts';
import { formatLevelArithmetic, formatScoreReport } from './score-report.ts';

const AS_OF = new Date('2026-11-20T00:00:00Z');
const IDENTITY = { id: '6f9619ff-8b86-4d11-b42d-00c04fc964ff', url: `${TEST_ORIGIN}/`, createdAt: '2026-11-20T10:00:00.000Z', depth: 'full' } as const;

function observed(signal: SignalId, path = '/'): Finding {
  return { ...testFinding(signal, { path }), evidence: { kind: 'observation', source: 'script', text: `https://cdn.example/${signal}.js` } };
}

function arithmeticFor(findings: Finding[]) {
  const engine = scoreSite({ findings, facts: siteFacts([testPage({})]), asOf: AS_OF });
  return { engine, result: toScoringResult(engine, IDENTITY) };
}

/** The block of lines one dimension gets, from its heading to the blank line. */
function blockOf(text: string, dimensionId: string): string {
  return text.split('\n\n').find((block) => block.includes(`(${dimensionId})`))!;
}

describe('formatLevelArithmetic', () => {
  it('shows each counted finding as weight x strength x figure x decay, the total, the curve and the level decided', () => {
    const { engine, result } = arithmeticFor([
      testFinding('pricing.tiers', { path: '/pricing' }),
      testFinding('pricing.tiers', { path: '/plans', strength: 0.5 }),
    ]);
    const lines = blockOf(formatLevelArithmetic(result, engine.grounding), 'pricing_packaging').split('\n');
    expect(lines[0]).toBe(
      'Pricing & Packaging (pricing_packaging), broad curve: level 2 needs 1 point, level 3 3 points and 2 signals (or one on 2 pages, or a quote with a figure), level 4 6.5 points and 3 signals on 2 pages (or 4 on one page, with a figure)',
    );
    expect(lines[1]).toMatch(new RegExp(`^ {2}pricing\\.tiers +2 x 1 x 1 x 1 = 2 +quote +${TEST_ORIGIN}/pricing$`));
    expect(lines[2]).toMatch(new RegExp(`^ {2}pricing\\.tiers +2 x 0\\.5 x 1 x 0\\.5 = 0\\.5 +quote +${TEST_ORIGIN}/plans$`));
    expect(lines[3]).toBe('  total 2.5 points from 1 distinct signal on 2 pages: level 2 on the curve');
    expect(lines[4]).toBe('  level decided: 2');
    expect(lines[5]).toMatch(/^ {2}not found: pricing\.usage_based, /);
  });

  it('says when the quote rule held a level and when the language model changed it', () => {
    const { engine, result } = arithmeticFor([
      observed('tech.product_analytics'),
      observed('tech.customer_data_platform'),
      observed('tech.session_replay', '/pricing'),
    ]);
    const refined = { ...result, dimensions: result.dimensions.map((d) => (d.dimensionId === 'product_analytics' ? { ...d, score: 3 } : d)) };
    const block = blockOf(formatLevelArithmetic(refined, engine.grounding), 'product_analytics');
    expect(block).toContain('  total 5.75 points from 3 distinct signals on 2 pages: level 4 on the curve\n');
    expect(block).toContain('  held at level 2: no quoted finding is worth 1 (weight x strength) by itself\n');
    expect(block).toContain('  level decided: 2 (refined to 3 by the language model)');
  });

  it('covers every dimension once', () => {
    const { engine, result } = arithmeticFor([]);
    const text = formatLevelArithmetic(result, engine.grounding);
    expect(text.match(/^ {2}level decided: 1$/gm)).toHaveLength(27);
  });
});

describe('formatScoreReport', () => {
  it('labels a quick score under its total with the pages read and the command for the full score; a full one has no label', () => {
    const { result } = arithmeticFor([]);
    const quick = formatScoreReport({ ...result, depth: 'quick', crawlStats: { pagesAnalyzed: 6, contentLength: 1000 } }).split('\n');
    expect(quick.slice(1, 4)).toEqual([
      expect.stringMatching(/^Total \d+ of 108: /),
      '6 pages analysed',
      `Quick score: 6 pages read. Not comparable with a full score; for the full score run: maturity score ${TEST_ORIGIN}/`,
    ]);
    expect(formatScoreReport(result)).not.toMatch(/quick/i);
  });
});
