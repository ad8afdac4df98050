import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { combineEvidence, type MeasuredEvidenceInput } from '../../scoring/evidence-kinds/combine-evidence.ts';
import { NO_CONTEXT } from '../coach-context.ts';
import { dimensionEvidenceLine } from './answers/evidence-lines.ts';
import { composeCoachAnswer } from './local-coach.ts';

const result = fixtureResult();
const period = { periodStart: new Date('2026-10-29T00:00:00Z'), periodEnd: new Date('2026-11-28T00:00:00Z') };
const synced = (type: string, value: number): MeasuredEvidenceInput => ({
  type,
  value,
  source: 'github',
  scope: 'acme/api',
  ...period,
  observedAt: period.periodEnd,
  link: null,
});

describe('the coach and the team evidence', () => {
  const evidence = combineEvidence(
    result.dimensions,
    [synced('github.pr_cycle_time_hours', 18), synced('github.review_turnaround_hours', 30)],
    [
      { dimensionId: 'delivery_velocity', body: 'We deploy on every merge.', origin: 'interview' },
      { dimensionId: null, body: 'We are twelve people.', origin: 'score_context' },
    ],
  );

  it('cites the measured figures with their bands, the level they set and the dimension’s own notes, self-reported', () => {
    const line = dimensionEvidenceLine(evidence, 'delivery_velocity')!;
    expect(line).toContain(
      "Your tools measure: median PR cycle time 18 h over 30 days, acme/api (level 4 on DORA's bands); median time to first review 30 h over 30 days, acme/api (level 2 on our published bands).",
    );
    expect(line).toContain('stands at level 2, against level 3 from the site: the lowest measured figure sets it.');
    expect(line).toContain('Your team reports “We deploy on every merge.” (welcome interview): self-reported');
    // A note about the whole product is on the page under every dimension, not repeated in each answer.
    expect(line).not.toContain('twelve people');
  });

  it('adds nothing where the tools and the team said nothing, and nothing without evidence', () => {
    expect(dimensionEvidenceLine(evidence, 'pricing_packaging')).toBeNull();
    const question = [{ role: 'user' as const, content: 'How is our delivery?' }];
    expect(composeCoachAnswer({ messages: question, result, context: { ...NO_CONTEXT, evidence } })).toContain('Your tools measure');
    expect(composeCoachAnswer({ messages: question, result, context: NO_CONTEXT })).not.toContain('Your tools measure');
  });
});
