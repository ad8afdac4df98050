/**
 * The scorer may not fall below the agreement with the analyst it has
 * reached on the real-site corpus (`npm run eval` shows the detail). Fails,
 * rather than skips, when ../shared/corpus is missing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateCorpus, type CorpusEvaluation } from './evaluate-corpus.ts';

// Floors hold the level reached (rounded down to 0.01; the boilerplate
// ceiling is the count reached), and may only tighten: raise them when the
// scorer improves, never loosen them to let a change through.
const SPEARMAN_FLOOR = 0.96;
const EXACT_SHARE_FLOOR = 0.68;
const WITHIN_ONE_SHARE_FLOOR = 0.97;
const BOILERPLATE_QUOTES_CEILING = 0;
/** labels.json's seven companies, 27 dimensions each. */
const EXPECTED_PAIRS = 7 * 27;

let evaluation: CorpusEvaluation;
beforeAll(async () => {
  evaluation = await evaluateCorpus();
}, 120_000);

const listed = (issues: CorpusEvaluation['notVerbatim']) => issues.map((i) => `${i.company} ${i.dimensionId} ${i.path} "${i.quote}" (${i.why})`);

describe('the scorer on the real-site corpus', () => {
  it('judges every (company, dimension) pair of the labels', () => {
    expect(evaluation.overall.pairs).toBe(EXPECTED_PAIRS);
  });

  it('ranks the companies as the analyst does', () => {
    expect(evaluation.spearman).toBeGreaterThanOrEqual(SPEARMAN_FLOOR);
  });

  it('agrees with the analyst level by level', () => {
    expect(evaluation.overall.exactShare).toBeGreaterThanOrEqual(EXACT_SHARE_FLOOR);
    expect(evaluation.overall.withinOneShare).toBeGreaterThanOrEqual(WITHIN_ONE_SHARE_FLOOR);
  });

  it('counts only quotes that stand verbatim in the served page', () => {
    expect(evaluation.quotesChecked).toBeGreaterThan(0);
    expect(listed(evaluation.notVerbatim)).toEqual([]);
  });

  it('counts no more boilerplate quotes than it did', () => {
    expect(evaluation.boilerplate.length, listed(evaluation.boilerplate).join('\n')).toBeLessThanOrEqual(BOILERPLATE_QUOTES_CEILING);
  });
});
