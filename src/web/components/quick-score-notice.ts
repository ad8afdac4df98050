/**
 * What a quick score says wherever it is shown in a page: the label with its
 * page count ("Quick score: 6 pages read") and the way to the full score.
 * A full score shows nothing. The result view gives it in full; the app's
 * lists give the short badge, beside a total.
 */
import { quickScoreLabel } from '../../modules/scoring/result-depth.ts';
import type { ScoreDepth } from '../../modules/scoring/result-schema.ts';
import { html } from '../view.ts';

export interface DepthFacts {
  depth: ScoreDepth;
  pagesRead: number | null;
}

/** A score summary's depth facts (GET /api/scores lists `pagesAnalyzed`). */
export function depthFacts(summary: { depth: ScoreDepth; pagesAnalyzed: number | null }): DepthFacts {
  return { depth: summary.depth, pagesRead: summary.pagesAnalyzed };
}

/** The label in full under a quick result's total, with the link that runs the full score of the same address. */
export function QuickScoreNotice({ facts, fullScoreHref }: { facts: DepthFacts; fullScoreHref: string }) {
  const label = quickScoreLabel(facts);
  if (!label) return null;
  return html`<div class="notice quick-score-notice" data-quick-score>
    <p><strong>${label}.</strong> This total rests on the start page and a few more. A full score reads up to a few dozen pages and often lands a tier higher, so compare this one only with other quick scores.</p>
    <p><a class="button" href=${fullScoreHref}>Run the full score</a></p>
  </div>`;
}

/** The label as a badge beside a total in a list; nothing for a full score. */
export function QuickScoreBadge({ facts }: { facts: DepthFacts }) {
  const label = quickScoreLabel(facts);
  return label ? html`<span class="quick-score-badge" data-quick-score>${label}</span>` : null;
}
