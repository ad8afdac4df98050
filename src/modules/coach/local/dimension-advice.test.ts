import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS, dimensionById, type DimensionId } from '../../../framework/dimensions.ts';
import { PLAYBOOK, playbookStep } from '../../../framework/playbook.ts';
import { stageForLevel } from '../../../framework/tiers.ts';
import { ScoringResultSchema } from '../../scoring/result-schema.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { composeCoachAnswer } from './local-coach.ts';
import { asItem } from './markdown.ts';

/** A natural question per dimension, using a synonym rather than the dimension's name. */
const QUESTIONS: Record<DimensionId, string> = {
  market_intelligence: 'How do we get better at market research?',
  decision_quality: 'How can we make better product decisions?',
  roadmap_discipline: 'Any advice on keeping a public roadmap?',
  competitive_positioning: 'How should we deal with our competitors?',
  research_discovery: 'How do we improve our user research?',
  prototyping_speed: 'How can we run a better beta programme?',
  experience_design: 'How do we improve onboarding for new users?',
  design_dev_handoff: 'Should we invest in a design system?',
  architecture_systems: 'How do we improve reliability and uptime?',
  spec_context_quality: 'How can we make our docs better?',
  build_vs_buy: 'What should we build in house and what should we buy from vendors?',
  delivery_velocity: 'How can we ship faster?',
  developer_ecosystem: 'How do we grow our API and integrations?',
  customer_signal_synthesis: 'How do we get more case studies?',
  product_analytics: 'What should we do about analytics?',
  data_strategy_flywheel: 'How do we build a data flywheel?',
  feedback_loop_quality: 'How should we handle feature requests?',
  quality_experimentation: 'How do we start running A/B tests?',
  team_orchestration: 'Who should we be hiring next?',
  process_iteration: 'How do we get more out of retrospectives and postmortems?',
  cost_token_economics: 'How do we get our LLM costs under control?',
  trust_security: 'What do we need for SOC 2?',
  positioning_messaging: 'How can we sharpen our messaging?',
  launch_execution: 'How do we run better launches?',
  adoption_expansion: 'How do we drive more upsell and expansion?',
  pricing_packaging: 'What should we change about our pricing?',
  customer_success: 'How can we improve customer support?',
};

/** Levels 1, 2, 3 in turn, so every step of the playbook is exercised across the dimensions. */
const LEVELS = Object.fromEntries(DIMENSION_IDS.map((id, i) => [id, ((i % 3) + 1) as 1 | 2 | 3])) as Record<DimensionId, 1 | 2 | 3>;

/** Every practice and first step of every other dimension: none may leak into this dimension's answer. */
function otherDimensionsText(id: DimensionId): string[] {
  return DIMENSION_IDS.filter((other) => other !== id).flatMap((other) =>
    PLAYBOOK[other].steps.flatMap((step) => [...step.practices, ...step.firstSteps].map(asItem)),
  );
}

describe('advice for each of the 27 dimensions', () => {
  const result = fixtureResult({ levels: LEVELS });

  it('uses a valid scoring result', () => {
    expect(Value.Check(ScoringResultSchema, result)).toBe(true);
  });

  it.each(DIMENSION_IDS)("%s: the next step from the user's level, citing that level", (id) => {
    const level = LEVELS[id];
    const answer = composeCoachAnswer({ messages: [{ role: 'user', content: QUESTIONS[id] }], result });
    const step = playbookStep(id, level)!;

    expect(answer).toContain(dimensionById(id).name);
    expect(answer).toContain(`level ${level} of 4 (${stageForLevel(level)})`);
    for (const line of [...step.practices, ...step.firstSteps, ...step.metrics]) expect(answer).toContain(asItem(line));
    const leaked = otherDimensionsText(id).filter((line) => answer.includes(line));
    expect(leaked).toEqual([]);
    // The user's own evidence is quoted.
    expect(answer).toContain(result.dimensions.find((d) => d.dimensionId === id)!.evidence.slice(0, 20));
  });
});
