/**
 * What changed in one score since the one of the same depth before it
 * (ScoringService.changeOf, as GET /api/scores/<id>/change says it): the
 * total's move, the stage, and each dimension that moved, from level to
 * level, linked to that dimension on the result page. A quick score is
 * compared only with the quick score before it, and says so.
 */
import { describeDelta, type DimensionMove, type ScoreChange } from '../../../modules/scoring/score-change.ts';
import type { ScoreSummary } from '../../../modules/scoring/scoring-service.ts';
import { MAX_TOTAL_SCORE } from '../../result-summary.ts';
import { html } from '../../view.ts';
import { dimensionPath, productHistoryPath, resultPath } from './dashboard-paths.ts';
import { ScoreMoment } from './score-dates.ts';

function capitalised(words: string): string {
  return `${words[0]!.toUpperCase()}${words.slice(1)}`;
}

function Move({ resultId, move }: { resultId: string; move: DimensionMove }) {
  const delta = move.to - move.from;
  // On one line: the spaces between the three parts are what a screen reader pauses on.
  return html`<li class=${delta > 0 ? 'move move-up' : 'move move-down'}><a href=${dimensionPath(resultId, move.dimensionId)}>${move.dimensionName}</a> <span class="move-levels">level ${move.from} → ${move.to}</span> <span class="move-delta">${describeDelta(delta)}</span></li>`;
}

function Comparison({ change, selected }: { change: ScoreChange & { previous: NonNullable<ScoreChange['previous']> }; selected: ScoreSummary }) {
  const { previous } = change;
  const delta = change.totalDelta ?? 0;
  return html`<p class="change-total">
      <strong class=${delta > 0 ? 'delta-up' : delta < 0 ? 'delta-down' : ''}>${capitalised(describeDelta(delta))}</strong>: ${selected.totalScore} of ${MAX_TOTAL_SCORE} against ${previous.totalScore} on <a href=${resultPath(previous.id)}><${ScoreMoment} iso=${previous.createdAt} /></a>.
      ${change.stageChanged ? ` The stage moved from ${previous.stageName} to ${selected.stageName}.` : ` The stage is still ${selected.stageName}.`}
    </p>
    ${
      change.moved.length === 0
        ? html`<p>No dimension moved.</p>`
        : html`<h3 class="moves-heading">${change.moved.length === 1 ? '1 dimension moved' : `${change.moved.length} dimensions moved`}, largest move first</h3>
          <ul class="moves">
            ${change.moved.map((move) => html`<${Move} resultId=${selected.id} move=${move} />`)}
          </ul>`
    }`;
}

export function ScoreChangeView({ productId, change, selected, latest }: { productId: string; change: ScoreChange; selected: ScoreSummary; latest: boolean }) {
  const previous = change.previous;
  const quick = change.depth === 'quick';
  return html`<section class="card score-change" id="change" aria-labelledby="change-heading">
    <h2 id="change-heading">What changed${latest ? ' in the latest score' : ''}</h2>
    <p class="muted">The ${quick ? 'quick score' : 'score'} of <${ScoreMoment} iso=${selected.createdAt} />${latest ? '' : html` (<a href=${`${productHistoryPath(productId)}#change`}>see the latest instead</a>)`}, against the ${quick ? 'quick score' : 'one'} before it.</p>
    ${
      previous
        ? html`<${Comparison} change=${{ ...change, previous }} selected=${selected} />`
        : quick
          ? html`<p>This is the product's first quick score: a quick score reads a few pages, so it is compared only with other quick scores, never with a full one.</p>`
          : html`<p>This is the product's first score: there is nothing before it to compare with. Rescore after you change the site, and this shows what moved.</p>`
    }
  </section>`;
}
