/** How the Moves and Intelligence pages say a move's kind, origin, state and dismissal reason in words. */
import type { Move } from '../../../modules/moves/move-service.ts';
import type { DismissReason, MoveKind } from '../../../modules/moves/tables.ts';

/** A kind on its own: the settings' checkboxes and the intelligence table. */
export const KIND_WORDS: Readonly<Record<MoveKind, string>> = {
  linear_issue: 'Linear issues',
  github_issue: 'GitHub issues',
  slack_post: 'Slack posts',
  rescore: 'Rescores',
};

/** The issue's six reasons, as a person would give them. */
export const DISMISS_REASON_WORDS: Readonly<Record<DismissReason, string>> = {
  helpful: 'Helpful, but nothing to send',
  already_doing_it: 'We are already doing it',
  wrong_diagnosis: 'Wrong diagnosis',
  wrong_priority: 'Not the priority now',
  not_actionable: 'Not actionable',
  implemented_differently: 'We did it another way',
};

/** Where one move goes: "Linear issue in ENG Engineering", "Post to Slack", "Rescore" (of the product it is listed with). */
export function destinationWords(move: Pick<Move, 'kind' | 'target'>): string {
  switch (move.kind) {
    case 'linear_issue':
      return `Linear issue in ${move.target}`;
    case 'github_issue':
      return `GitHub issue in ${move.target}`;
    case 'slack_post':
      return 'Post to Slack';
    case 'rescore':
      return 'Rescore';
  }
}

/** Why it was proposed, in a few words; the body says it in full. */
export function originWords(move: Pick<Move, 'origin' | 'kind' | 'dimensionId'>, dimensionName: string | null): string {
  if (move.kind === 'rescore' && !move.dimensionId) return 'to see whether the work moved the score';
  return move.origin === 'goal_at_risk' ? `because the ${dimensionName} goal is at risk` : `because ${dimensionName} fell a level`;
}

/** What the dispatched move's link leads to. */
export function linkWords(move: Pick<Move, 'kind'>): string {
  return move.kind === 'rescore' ? 'See the new score' : 'Open the issue';
}
