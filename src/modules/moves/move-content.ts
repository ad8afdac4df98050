/** What a move says: its title and Markdown body, from the playbook's step up from the product's level (pure). */
import { dimensionById, type DimensionId } from '../../framework/dimensions.ts';
import { playbookStep } from '../../framework/playbook.ts';
import type { MoveOrigin } from './tables.ts';

/** The evidence quoted in a body is cut here: enough to recognise, short enough for an issue tracker's preview. */
const EVIDENCE_MAX = 600;

export interface MoveReason {
  origin: MoveOrigin;
  dimensionId: DimensionId;
  /** The level the score showed. */
  level: number;
  /** The level before, when the dimension fell. */
  previousLevel: number | null;
  goal: { targetLevel: number; dueDate: string } | null;
  evidence: string;
  resultLink: string;
  scoredAt: string;
}

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

/** The move for a dimension below level 4; null at the top level (the playbook has no step beyond it). */
export function workMoveContent(reason: MoveReason): { title: string; body: string; targetLevel: number } | null {
  const step = playbookStep(reason.dimensionId, reason.level);
  if (!step) return null;
  const name = dimensionById(reason.dimensionId).name;
  const targetLevel = reason.level + 1;
  const why =
    reason.origin === 'goal_at_risk' && reason.goal
      ? `The goal of level ${reason.goal.targetLevel} by ${reason.goal.dueDate} is at risk: the score of ${reason.scoredAt.slice(0, 10)} rated ${name} level ${reason.level}.`
      : `${name} fell from level ${reason.previousLevel} to ${reason.level} in the score of ${reason.scoredAt.slice(0, 10)}.`;
  const evidence = reason.evidence.length > EVIDENCE_MAX ? `${reason.evidence.slice(0, EVIDENCE_MAX)}…` : reason.evidence;
  const body = [
    `## Why this move`,
    `${why} [The result](${reason.resultLink}).`,
    evidence ? `\nEvidence: ${evidence}` : '',
    `\n## What level ${targetLevel} looks like`,
    list(step.practices),
    `\n## First steps`,
    list(step.firstSteps),
    `\n## Metrics to watch`,
    list(step.metrics),
    `\n## The usual mistake`,
    step.pitfall,
  ]
    .filter((part) => part !== '')
    .join('\n');
  return { title: `${name}: from level ${reason.level} to ${targetLevel}`, body, targetLevel };
}

/** The rescore proposed after a work move went out to a product without a schedule. */
export function rescoreMoveContent(productName: string, workMoveTitle: string): { title: string; body: string } {
  return {
    title: 'Rescore to see whether it moved',
    body: `Score ${productName} again once the work on "${workMoveTitle}" is visible on the site: the next score shows whether the level moved, and closes the loop.`,
  };
}

/** The first steps of a move's body, for a Slack post: the lines under "First steps". */
export function firstStepsOf(body: string): string[] {
  const start = body.indexOf('## First steps');
  if (start < 0) return [];
  const section = body.slice(start).split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
}
