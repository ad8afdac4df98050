import { describe, expect, it } from 'vitest';
import { playbookStep } from '../../framework/playbook.ts';
import { firstStepsOf, workMoveContent, type MoveReason } from './move-content.ts';

const reason: MoveReason = {
  origin: 'dimension_fell',
  dimensionId: 'pricing_packaging',
  level: 2,
  previousLevel: 4,
  goal: null,
  evidence: 'Plans listed on /pricing (https://acme.example/pricing)',
  resultLink: 'https://maturity.example/r/1',
  scoredAt: '2026-06-01T09:00:00.000Z',
};

describe('a move built from the playbook', () => {
  it('takes its title, practices, first steps and metrics from the step up from the level', () => {
    const step = playbookStep('pricing_packaging', 2)!;
    const move = workMoveContent(reason)!;
    expect(move.title).toBe('Pricing & Packaging: from level 2 to 3');
    expect(move.targetLevel).toBe(3);
    expect(move.body).toContain('Pricing & Packaging fell from level 4 to 2 in the score of 2026-06-01. [The result](https://maturity.example/r/1).');
    expect(move.body).toContain(`- ${step.practices[0]}`);
    expect(move.body).toContain('Evidence: Plans listed on /pricing');
    expect(firstStepsOf(move.body)).toEqual(step.firstSteps);
  });

  it('says which goal is at risk when a goal is why', () => {
    const move = workMoveContent({ ...reason, origin: 'goal_at_risk', goal: { targetLevel: 4, dueDate: '2026-07-01' } })!;
    expect(move.body).toContain('The goal of level 4 by 2026-07-01 is at risk');
  });

  it('has nothing to propose at level 4, the top', () => {
    expect(workMoveContent({ ...reason, level: 4 })).toBeNull();
  });
});
