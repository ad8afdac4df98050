import fc from 'fast-check';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS, DIMENSIONS, dimensionById, type DimensionId } from '../../../framework/dimensions.ts';
import type { ProductFunction } from '../../../framework/functions.ts';
import { PLAYBOOK, playbookStep } from '../../../framework/playbook.ts';
import { TIER_BANDS } from '../../../framework/tiers.ts';
import { ScoringResultSchema, type ScoringResult } from '../../scoring/result-schema.ts';
import { ACME_GAPS, fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { composeCoachAnswer, type ChatMessage } from './local-coach.ts';
import { asItem, lowerFirst } from './markdown.ts';

const acme = fixtureResult();

/** Plays a conversation through the coach, feeding each answer back as the assistant's turn. */
function converse(questions: readonly string[], result: ScoringResult | null = acme): string[] {
  const messages: ChatMessage[] = [];
  return questions.map((content) => {
    messages.push({ role: 'user', content });
    const answer = composeCoachAnswer({ messages, result });
    messages.push({ role: 'assistant', content: answer });
    return answer;
  });
}

function ask(question: string, result: ScoringResult | null = acme): string {
  return converse([question], result)[0]!;
}

function scoreOf(result: ScoringResult, id: DimensionId) {
  return result.dimensions.find((d) => d.dimensionId === id)!;
}

function functionSum(result: ScoringResult, fn: ProductFunction) {
  const scores = DIMENSIONS.filter((d) => d.function === fn).map((d) => scoreOf(result, d.id).score);
  const sum = scores.reduce((a, b) => a + b, 0);
  return { sum, max: scores.length * 4, average: (sum / scores.length).toFixed(1) };
}

function firstStep(id: DimensionId, level: number): string {
  return lowerFirst(asItem(playbookStep(id, level)!.firstSteps[0]!));
}

describe('the fixtures', () => {
  it('are valid scoring results', () => {
    expect(Value.Check(ScoringResultSchema, acme)).toBe(true);
    expect(Value.Check(ScoringResultSchema, fixtureResult({ levels: { pricing_packaging: 4 }, companyName: null }))).toBe(true);
    expect(acme.totalScore).toBe(acme.dimensions.reduce((sum, d) => sum + d.score, 0));
  });
});

describe('total and tier', () => {
  const answer = ask('What does our score mean?');
  const band = TIER_BANDS.find((b) => b.stageName === acme.stageName)!;
  const next = TIER_BANDS.find((b) => b.minTotal > acme.totalScore)!;

  it('cites the real total, tier and band edges', () => {
    expect(answer).toContain(`${acme.totalScore} of 108, ${acme.stageName} tier`);
    expect(answer).toContain(`${band.minTotal}–${band.maxTotal}`);
    expect(answer).toContain(`${next.stageName} starts at ${next.minTotal}, so you are ${next.minTotal - acme.totalScore} points away`);
  });

  it('names the cheapest dimensions that would move it, with a first step', () => {
    expect(answer).toContain(`Pricing & Packaging (level 1 → 2): ${firstStep('pricing_packaging', 1)}`);
  });

  it('says so when the company is already in the top tier', () => {
    const top = fixtureResult({ levels: Object.fromEntries(DIMENSION_IDS.map((id) => [id, 4])) });
    const text = ask('what is our tier?', top);
    expect(text).toContain('108 of 108, Compounding tier');
    expect(text).toContain('This is the top tier');
    expect(text).toContain('Every dimension is at level 4');
  });
});

describe('biggest gaps', () => {
  it("names the result's gaps in order with level, evidence and reasoning", () => {
    const answer = ask('What are our biggest gaps?');
    const positions = ACME_GAPS.map((id) => answer.indexOf(`**${dimensionById(id).name}**`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(answer).toContain('**Pricing & Packaging**, level 1 of 4 (Foundation)');
    expect(answer).toContain('“Contact sales for pricing”');
    expect(answer).toContain(scoreOf(acme, 'pricing_packaging').reasoning);
  });
});

describe('30/60/90-day plan', () => {
  const answer = ask('Can you give us a 30/60/90 day plan?');

  it('has three phases built from the cheapest next steps of the gaps', () => {
    expect(answer).toMatch(/Days 1–30[\s\S]*Days 31–60[\s\S]*Days 61–90/);
    for (const id of ['pricing_packaging', 'feedback_loop_quality', 'decision_quality'] as const) {
      expect(answer).toContain(firstStep(id, 1));
    }
  });

  it('projects the total if the planned dimensions each rise a level', () => {
    expect(answer).toContain(`from ${acme.totalScore} to ${acme.totalScore + 5}, which reaches Scaling`);
  });

  it('can be scoped to one dimension, stepping from its current level', () => {
    const text = ask('what should we do about hiring in the next 90 days?');
    expect(text).toContain('Team Orchestration');
    expect(text).toContain('level 2 of 4 (Building)');
    for (const s of playbookStep('team_orchestration', 2)!.firstSteps) expect(text).toContain(asItem(s));
  });
});

describe('comparing functions', () => {
  it('uses the real per-function sums and averages', () => {
    const answer = ask('strategy vs design');
    const strategy = functionSum(acme, 'strategy');
    const design = functionSum(acme, 'design');
    expect(answer).toContain(`Strategy: ${strategy.sum} of ${strategy.max} over 4 dimensions, average level ${strategy.average}`);
    expect(answer).toContain(`Design: ${design.sum} of ${design.max} over 4 dimensions, average level ${design.average}`);
    expect(answer).toContain('Holding Strategy back most: **Decision Quality**, level 1 of 4 (Foundation)');
  });

  it("breaks ties within a function as the result view does: the result's own gaps first", () => {
    const tied = fixtureResult({ levels: { market_intelligence: 1 }, gaps: ['decision_quality', 'market_intelligence', 'pricing_packaging'] });
    expect(ask('strategy vs design', tied)).toContain('Holding Strategy back most: **Decision Quality**, level 1 of 4');
    const reordered = fixtureResult({ levels: { market_intelligence: 1 }, gaps: ['market_intelligence', 'decision_quality', 'pricing_packaging'] });
    expect(ask('strategy vs design', reordered)).toContain('Holding Strategy back most: **Market Intelligence**, level 1 of 4');
  });

  it('understands "how does our gtm compare to development"', () => {
    const answer = ask('how does our gtm compare to development');
    const gtm = functionSum(acme, 'gtm');
    const dev = functionSum(acme, 'development');
    expect(answer).toContain(`Go-to-market: ${gtm.sum} of ${gtm.max}`);
    expect(answer).toContain(`Development: ${dev.sum} of ${dev.max}`);
  });

  it('ranks all six functions when asked which is weakest', () => {
    const answer = ask('which function is weakest?');
    const intelligence = functionSum(acme, 'intelligence');
    expect(answer).toContain(`Intelligence: ${intelligence.sum} of ${intelligence.max} over 4 dimensions`);
    expect(answer.indexOf('Development:')).toBeLessThan(answer.indexOf('Intelligence:'));
  });
});

describe('evidence', () => {
  it('quotes the evidence, the reasoning and what the next level would need', () => {
    const answer = ask('What evidence did you find for security?');
    const security = scoreOf(acme, 'trust_security');
    expect(answer).toContain('Trust & Security: level 2 of 4 (Building), high confidence');
    expect(answer).toContain(`“${security.evidence}”`);
    expect(answer).toContain(security.reasoning);
    expect(answer).toContain(asItem(playbookStep('trust_security', 2)!.practices[0]!));
  });

  it('reports an absence of evidence as such, not as a quote', () => {
    const answer = ask('what was missing for decisions?');
    expect(answer).toContain('What the crawl reported: No public evidence of product principles');
    expect(answer).not.toContain('“No public evidence');
  });
});

describe('following the conversation', () => {
  it('goes deeper on "tell me more" and answers "why?" about the same dimension', () => {
    const [first, more, why] = converse(['How can we improve our pricing?', 'tell me more', 'why?']);
    expect(more).not.toEqual(first);
    expect(more).toContain('Pricing & Packaging');
    expect(more).toContain(PLAYBOOK.pricing_packaging.steps[0].pitfall);
    expect(more).toContain(asItem(playbookStep('pricing_packaging', 2)!.practices[0]!));
    expect(why).toContain(PLAYBOOK.pricing_packaging.whyItMatters);
    expect(why).toContain('level 1 of 4 (Foundation)');
  });

  it('moves to the next undiscussed gap on "and the next one?"', () => {
    const answers = converse(['How can we improve our pricing?', 'and the next one?', 'and the next one?']);
    expect(answers[1]).toContain('Improving Feedback Loop Quality');
    expect(answers[2]).toContain('Improving Decision Quality');
  });

  it('expands a gaps list into its first item, its second, or further gaps', () => {
    const [, more] = converse(['What are our biggest gaps?', 'tell me more']);
    expect(more).toContain('Improving Pricing & Packaging');
    const [, second] = converse(['What are our biggest gaps?', 'the second one']);
    expect(second).toContain('Improving Feedback Loop Quality');
    const [, further] = converse(['What are our biggest gaps?', 'what else?']);
    expect(further).toContain('(4–6)');
    expect(further).not.toContain('**Pricing & Packaging**');
  });

  it('walks the tier explanation on through functions and the level spread', () => {
    const [, more, why] = converse(['What does our total mean?', 'tell me more', 'why?']);
    expect(more).toContain(`Intelligence: ${functionSum(acme, 'intelligence').sum} of 16`);
    expect(why).toContain('level 1: 7 dimensions');
  });

  it('never brings back an earlier answer, whatever the chain of follow-ups', () => {
    const starters = [
      'What does our score mean?',
      'What are our biggest gaps?',
      'How can we improve our pricing?',
      'Give us a 30/60/90 plan',
      'strategy vs design',
      'What evidence did you find for security?',
      'what are we good at?',
      'how is design doing?',
      'How do we keep customer success strong?',
      'analytics vs experiments',
      'why does the roadmap matter?',
      'Blorp?',
      'how does scoring work?',
      'a 90 day plan for hiring',
    ];
    const followUps = ['tell me more', 'why?', 'and the next one?', 'what else?', 'the second one'];
    fc.assert(
      fc.property(
        fc.constantFrom(...starters),
        fc.array(fc.constantFrom(...followUps), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (starter, chain, withResult) => {
          const answers = converse([starter, ...chain], withResult ? acme : null);
          expect(new Set(answers).size).toBe(answers.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers the last user message, ignoring a trailing assistant turn', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'How can we improve our analytics?' },
      { role: 'assistant', content: 'Working on it.' },
    ];
    expect(composeCoachAnswer({ messages, result: acme })).toContain('Improving Product Analytics');
  });

  it("continues from the assistant's last turn when the user opens with a follow-up", () => {
    const messages: ChatMessage[] = [
      { role: 'assistant', content: 'Your Launch Execution is at level 2.' },
      { role: 'user', content: 'tell me more' },
    ];
    expect(composeCoachAnswer({ messages, result: acme })).toContain('Improving Launch Execution');
  });
});

describe('level 4', () => {
  it('advises sustaining, not a step to a level 5', () => {
    const answer = ask('How do we improve customer success?');
    expect(answer).toContain('level 4 of 4 (Compounding)');
    expect(answer).toContain('there is no level 5');
    for (const p of PLAYBOOK.customer_success.sustain.practices) expect(answer).toContain(asItem(p));
  });

  it('plans sustaining work for a level-4 dimension', () => {
    const answer = ask('a 90 day plan for customer success');
    expect(answer).toContain('90 days of sustaining Customer Success');
  });
});

describe('without a result', () => {
  it('describes what good looks like and invites scoring', () => {
    const answer = ask('How do I get better at A/B tests?', null);
    expect(answer).toContain('Quality & Experimentation: what good looks like');
    expect(answer).toContain(asItem(PLAYBOOK.quality_experimentation.steps[2].practices[0]!));
    expect(answer).toContain('enter its address on the dashboard');
    expect(answer).toContain('/try');
  });

  it('explains the framework and tiers for questions that need a result', () => {
    const answer = ask('what is our tier?', null);
    expect(answer).toContain('Foundation 27–43');
    expect(answer).toContain('enter its address on the dashboard');
  });

  it('goes on into the framework instead of repeating the invitation', () => {
    const [first, more] = converse(['what is our tier?', 'tell me more'], null);
    expect(more).not.toEqual(first);
    expect(more).toContain('How levels are judged');
  });

  it('lists the 27 dimensions by function for a general question', () => {
    const answer = ask('how does this work?', null);
    for (const d of DIMENSIONS) expect(answer).toContain(d.name);
  });
});

describe('questions it does not recognise', () => {
  it('gives the top gaps with first steps and how to ask', () => {
    const answer = ask('Blorp?');
    expect(answer).toContain(`${acme.totalScore} of 108`);
    expect(answer).toContain(`**Pricing & Packaging**, level 1 of 4 (Foundation): ${firstStep('pricing_packaging', 1)}`);
    expect(answer).toContain('"How do we improve Pricing & Packaging?"');
  });

  it('handles an empty conversation', () => {
    expect(composeCoachAnswer({ messages: [], result: acme })).toContain('Where Acme Analytics stands');
  });
});

describe('every answer', () => {
  const questions = [
    'What does our score mean?',
    'What are our biggest gaps?',
    'How can we improve our pricing?',
    'Give us a 30/60/90 plan',
    'strategy vs design',
    'What evidence did you find for security?',
    'what are we good at?',
    'which function is weakest?',
    'How do we keep customer success strong?',
    'analytics vs experiments',
    'why does the roadmap matter?',
    'Blorp?',
    'how does scoring work?',
    'plan for design',
    'what else is missing in our docs?',
  ];

  it("cites the company's own scores", () => {
    for (const question of questions) {
      expect(ask(question), question).toMatch(/level [1-4] of 4 \((Foundation|Building|Leading|Compounding)\)|\b57\b| \d+ of (16|20)\b/);
    }
  });

  it('stays within a few hundred words, also deep into follow-ups', () => {
    const followUps = ['tell me more', 'why?', 'and the next one?', 'what else?', 'tell me more'];
    for (const question of questions) {
      for (const answer of converse([question, ...followUps])) {
        expect(answer.split(/\s+/).length, `${question}: ${answer.slice(0, 60)}`).toBeLessThanOrEqual(350);
      }
    }
  });

  it('names the company by its host when the result has no name', () => {
    const anonymous = fixtureResult({ levels: {}, companyName: null });
    expect(ask('what is our tier?', anonymous)).toContain('acme.example');
  });
});
