import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { suggestedQuestions } from './suggested-questions.ts';

describe('suggestedQuestions', () => {
  it('asks about each gap by its name and level, then a plan, then the total', () => {
    expect(suggestedQuestions(fixtureResult())).toEqual([
      'How do we improve Pricing & Packaging from level 1?',
      'How do we improve Feedback Loop Quality from level 1?',
      'How do we improve Decision Quality from level 1?',
      'Give us a 90-day plan for our gaps.',
      'What does our total of 57 (Building) mean?',
    ]);
  });

  it('leaves out gaps that are not dimension ids, and the plan when one gap is left', () => {
    const result = { ...fixtureResult(), gaps: ['Pricing is hidden', 'trust_security'] };
    expect(suggestedQuestions(result)).toEqual([
      `How do we improve Trust & Security from level ${result.dimensions.find((d) => d.dimensionId === 'trust_security')!.score}?`,
      'What does our total of 57 (Building) mean?',
    ]);
  });
});
