/**
 * The coach's first step when no result is chosen (or the one named is not
 * the account's): the account's results, newest first, each a link to
 * coach on it. An account with none is sent to the dashboard to score first.
 */
import type { ScoreSummary } from '../../../modules/scoring/scoring-service.ts';
import { depthFacts, QuickScoreBadge } from '../../components/quick-score-notice.ts';
import { companyLabel, MAX_TOTAL_SCORE, scoredOn } from '../../result-summary.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import { coachPath } from './coach-paths.ts';

export interface CoachPickerProps {
  accountName: string;
  results: readonly ScoreSummary[];
  /** How many results the list shows at most: more means only the newest are listed. */
  limit: number;
  /** The ?result the address named, when it is not one of the account's. */
  unknownResult: boolean;
}

function ResultChoice({ result }: { result: ScoreSummary }) {
  return html`<li class="coach-choice">
    <a href=${coachPath(result.id)}>${companyLabel({ url: result.url, companyName: result.companyName ?? undefined })}</a>
    <span class="coach-choice-score">${result.totalScore} of ${MAX_TOTAL_SCORE} · ${result.stageName} <${QuickScoreBadge} facts=${depthFacts(result)} /></span>
    <span class="muted coach-choice-meta">${result.url} · scored on ${scoredOn(result)}</span>
  </li>`;
}

export function CoachPicker({ accountName, results, limit, unknownResult }: CoachPickerProps) {
  return html`
    <h1>Coach</h1>
    <p class="lead">The coach answers questions about one of your scores: where you stand, what to fix first, and how to reach the next tier.</p>
    ${unknownResult
      ? html`<div class="notice notice-error" role="status">
          <p>That result is not one of ${accountName}'s, or it no longer exists. The coach works on your own results: choose one below.</p>
        </div>`
      : null}
    ${results.length === 0
      ? html`<section class="card" aria-labelledby="coach-empty-heading">
          <h2 id="coach-empty-heading">Score a site first</h2>
          <p>${accountName} has no scores yet. Score your product's site on the dashboard, then come back to talk it through.</p>
          <p><a class="button" href=${APP_PATHS.dashboard}>Go to the dashboard to score</a></p>
        </section>`
      : html`<section aria-labelledby="coach-pick-heading">
          <h2 id="coach-pick-heading">Choose a result to discuss</h2>
          <ul class="coach-choices">
            ${results.map((result) => html`<${ResultChoice} result=${result} />`)}
          </ul>
          ${results.length >= limit ? html`<p class="hint">The ${limit} newest results are listed; every result can be opened from the dashboard.</p>` : null}
        </section>`}
  `;
}
