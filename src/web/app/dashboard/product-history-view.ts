/**
 * A product's page: its latest total with the rescore button, the trend
 * chart of its full scores, what changed in the chosen score (the latest
 * unless the reader picked another), and every score newest first, a page at
 * a time (a link to the older ones), each with its move since the score of
 * the same depth before it, its result and the coach. Quick scores carry
 * their label.
 */
import { describeDelta } from '../../../modules/scoring/score-change.ts';
import { PeerLine, type PeerComparison } from '../../components/peer-comparison.ts';
import { depthFacts, QuickScoreBadge } from '../../components/quick-score-notice.ts';
import type { ScoreSummary } from '../../../modules/scoring/scoring-service.ts';
import { MAX_TOTAL_SCORE } from '../../result-summary.ts';
import { html, type VNode } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import { comparePath } from '../../pages/compare-view.ts';
import { coachPath, productHistoryPath, resultPath } from './dashboard-paths.ts';
import type { ProductHistory } from './product-history.ts';
import { NeedsScriptNote, RescoreButton, ScoreFeedback } from './score-actions.ts';
import { ScoreChangeView } from './score-change-view.ts';
import { ScoreMoment, momentText } from './score-dates.ts';
import { TrendChart } from './trend-chart.ts';

/** The move since the score of the same depth before it: a quick score is measured only against quick ones. */
function sinceBefore(score: ScoreSummary, before: ScoreSummary | undefined): string {
  if (score.depth === 'quick') return before ? `${describeDelta(score.totalScore - before.totalScore)} (against the quick score before)` : 'first quick score';
  return before ? describeDelta(score.totalScore - before.totalScore) : 'first score';
}

function HistoryRow({ score, before, selected, cursor }: { score: ScoreSummary; before: ScoreSummary | undefined; selected: boolean; cursor: string | null }) {
  const when = momentText(score.createdAt);
  return html`<tr class=${selected ? 'selected' : undefined} aria-current=${selected ? 'true' : undefined}>
    <th scope="row"><${ScoreMoment} iso=${score.createdAt} /></th>
    <td>${score.totalScore} <span class="muted">of ${MAX_TOTAL_SCORE}</span>, ${score.stageName} <${QuickScoreBadge} facts=${depthFacts(score)} /></td>
    <td>${sinceBefore(score, before)}</td>
    <td><div class="row-links">
      ${
        selected
          ? html`<span class="muted">Shown above</span>`
          : html`<a href=${productHistoryPath(score.productId!, score.id, cursor)}>What changed<span class="visually-hidden"> in the score of ${when}</span></a>`
      }
      <a href=${resultPath(score.id)}>Result<span class="visually-hidden"> of ${when}</span></a>
      <a href=${coachPath(score.id)}>Ask the coach<span class="visually-hidden"> about the score of ${when}</span></a>
      <a href=${before ? comparePath(score.id, before.id) : comparePath(score.id)}>${before ? 'Compare with the one before' : 'Compare'}<span class="visually-hidden"> (the score of ${when})</span></a>
    </div></td>
  </tr>`;
}

function HistoryTable({ history }: { history: ProductHistory }) {
  return html`<div class="table-scroll">
    <table class="score-table history-table">
      <caption class="visually-hidden">Every score of ${history.product.name}, newest first</caption>
      <thead><tr><th scope="col">Scored</th><th scope="col">Total and stage</th><th scope="col">Since the one before</th><th scope="col"><span class="visually-hidden">Links</span></th></tr></thead>
      <tbody>
        ${history.scores.map(
          (score) => html`<${HistoryRow}
            score=${score}
            before=${history.previous.get(score.id)}
            selected=${score.id === history.selected?.id}
            cursor=${history.after}
          />`,
        )}
      </tbody>
    </table>
  </div>
  <${HistoryPages} history=${history} />`;
}

/** The way to the older scores (the page reads a page, never the whole history), and back to the newest. */
function HistoryPages({ history }: { history: ProductHistory }) {
  if (history.after === null && history.nextCursor === null) return null;
  const { id } = history.product;
  return html`<nav class="history-pages" aria-label="Score history pages">
    ${history.after !== null ? html`<a href=${productHistoryPath(id)}>Newest scores</a>` : null}
    ${history.nextCursor !== null ? html`<a href=${productHistoryPath(id, undefined, history.nextCursor)} rel="next">Older scores</a>` : null}
    ${history.scores.length === 0 ? html`<p class="muted">No older scores.</p>` : null}
  </nav>`;
}

/** peers: the latest score's comparison with its segment (null: none); its segment is kept by the rescore. */
function Head({ history, peers }: { history: ProductHistory; peers: PeerComparison | null }) {
  const { product } = history;
  const latest = history.latest ?? undefined;
  return html`<div class="product-head">
    <div>
      <h1>${product.name}</h1>
      <p class="product-url muted">${product.url}</p>
    </div>
    <div class="product-head-score">
      ${
        latest
          ? html`<p class="product-score"><span class="product-total">${latest.totalScore}</span> <span class="muted">of ${MAX_TOTAL_SCORE}</span> <span class="tier">${latest.stageName}</span> <${QuickScoreBadge} facts=${depthFacts(latest)} /></p>
            <p class="muted product-when">Latest: <${ScoreMoment} iso=${latest.createdAt} /></p>`
          : html`<p class="muted">Not scored yet.</p>`
      }
      <${RescoreButton} product=${product} scored=${latest !== undefined} quick=${latest?.depth === 'quick'} segment=${peers?.segmentKey ?? null} />
      <${NeedsScriptNote} />
    </div>
  </div>
  <${PeerLine} comparison=${peers} owner=${true} />`;
}

/** Why the trend leaves quick scores out (or is empty with only quick ones). */
function QuickScoresLeftOut({ history }: { history: ProductHistory }) {
  if (history.quickScores === 0) return null;
  const count = history.quickScores === 1 ? 'The quick score is' : `The ${history.quickScores} quick scores are`;
  const none = history.trend.length === 0 ? ' No full score yet: rescore to run one and start the trend.' : '';
  return html`<p class="muted trend-note" data-quick-scores-left-out>
    ${count} not drawn: read from a few pages, they would show drops the site never made. They are listed below, each against the quick score before it.${none}
  </p>`;
}

/** goals: the goals and cadence section (product-goals-view.ts), shown whether or not the product has a score. */
export function ProductHistoryView({ history, peers = null, goals = null }: { history: ProductHistory; peers?: PeerComparison | null; goals?: VNode | null }) {
  const { selected, change } = history;
  return html`<div class="product-history" data-dashboard>
    <nav class="breadcrumb" aria-label="Breadcrumb"><a href=${APP_PATHS.dashboard}>Dashboard</a> <span aria-hidden="true">›</span> <span aria-current="page">${history.product.name}</span></nav>
    <${Head} history=${history} peers=${peers} />
    <${ScoreFeedback} />
    ${goals}
    ${
      history.latest === null
        ? html`<p class="notice">This product has no score yet. Score it to start its history: each rescore adds a point to its trend.</p>`
        : html`<section aria-labelledby="trend-heading">
            <h2 id="trend-heading">Trend</h2>
            <${TrendChart} points=${history.trend} />
            <${QuickScoresLeftOut} history=${history} />
          </section>
          ${
            selected && change
              ? html`<${ScoreChangeView} productId=${history.product.id} change=${change} selected=${selected} latest=${selected.id === history.latest?.id} />`
              : null
          }
          <section aria-labelledby="history-heading">
            <h2 id="history-heading">Every score</h2>
            <${HistoryTable} history=${history} />
          </section>`
    }
  </div>`;
}
