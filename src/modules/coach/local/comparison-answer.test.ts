/** The local coach on two results side by side: asked how they compare, or about one dimension, it answers from both. */
import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { NO_CONTEXT } from '../coach-context.ts';
import { composeCoachAnswer } from './local-coach.ts';

const ours = { ...fixtureResult(), companyName: 'Acme Analytics' };
const rival = {
  ...fixtureResult({ levels: { pricing_packaging: 4, feedback_loop_quality: 3, prototyping_speed: 1 } }),
  id: 'b1c2a9e6-5b7d-4c1e-9a2b-1d2e3f4a5b6c',
  url: 'https://rival.example/',
  companyName: 'Rival',
};
const ask = (question: string, comparedWith: typeof rival | null = rival) =>
  composeCoachAnswer({ messages: [{ role: 'user', content: question }], result: ours, context: { ...NO_CONTEXT, comparedWith } });

describe('the local coach with a result to compare with', () => {
  it('answers "how do we compare to Rival?" from both results: totals, where each leads with evidence, and what to close first', () => {
    const answer = ask('How do we compare to Rival?');
    expect(answer).toContain('**Acme Analytics against Rival**');
    expect(answer).toContain(
      `Rival is ahead by ${rival.totalScore - ours.totalScore} points: ${ours.totalScore} (${ours.stageName}) against ${rival.totalScore} (${rival.stageName}).`,
    );
    expect(answer).toContain('24 of 27 dimensions are at the same level.');
    expect(answer).toMatch(/\*\*Where Rival leads\*\*\n\n- \*\*Pricing & Packaging\*\*: Rival 4, Acme Analytics 1\./);
    expect(answer).toMatch(/\*\*Where Acme Analytics leads\*\*\n\n- \*\*Prototyping Speed\*\*: Acme Analytics 3, Rival 1\. Acme Analytics: “Join Acme Labs/);
    expect(answer).toContain('The lead that costs least to close: **Pricing & Packaging** (1 against 4).');
    expect(answer).not.toMatch(/\/api\//);
  });

  it('answers about one dimension with both levels and both pieces of evidence', () => {
    const answer = ask('How do we compare on pricing?');
    expect(answer).toContain('**Pricing & Packaging: Acme Analytics against Rival**');
    expect(answer).toContain('Acme Analytics: level 1 of 4. Rival: level 4 of 4. Rival leads by 3.');
  });

  it('answers other questions as before, and "compare" without a second result as before', () => {
    expect(ask('What are our biggest gaps?')).toBe(composeCoachAnswer({ messages: [{ role: 'user', content: 'What are our biggest gaps?' }], result: ours }));
    expect(ask('How do we compare?', null)).not.toContain('against Rival');
  });
});
