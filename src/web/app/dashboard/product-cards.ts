/**
 * The dashboard's lists: each product as a card with its latest score, the
 * move since the score of the same depth before it, what its tools measure
 * (with where each figure comes from), and what can be done with it; and
 * the scores made without a product, as a table. A quick score
 * carries its label, and its product's rescore button says it runs the full
 * score.
 */
import { measuredSummary } from '../../../modules/scoring/evidence-kinds/combine-evidence.ts';
import { describeDelta } from '../../../modules/scoring/score-change.ts';
import type { SignalRow } from '../../../modules/signals/signal-service.ts';
import { APP_PATHS } from '../app-layout.ts';
import { PeerLine, type PeerComparison } from '../../components/peer-comparison.ts';
import { depthFacts, QuickScoreBadge } from '../../components/quick-score-notice.ts';
import { fullScorePath } from '../../pages/try-page.ts';
import type { ScoreSummary } from '../../../modules/scoring/scoring-service.ts';
import { companyLabel, MAX_TOTAL_SCORE } from '../../result-summary.ts';
import { html } from '../../view.ts';
import type { ProductOverview } from './dashboard-overview.ts';
import { coachPath, productHistoryPath, resultPath } from './dashboard-paths.ts';
import { CadenceLine, GoalList } from './product-goals-view.ts';
import { RescoreButton } from './score-actions.ts';
import { momentText, ScoreMoment, shortDay } from './score-dates.ts';

function companyOf(score: Pick<ScoreSummary, 'companyName' | 'url'>): string {
  return companyLabel({ url: score.url, companyName: score.companyName ?? undefined });
}

/** "Up 3 since 12 Nov (59)": the latest total against the one of the same depth before it ("since the quick score of" for quick ones). */
export function moveSince(latest: ScoreSummary, previous: ScoreSummary): string {
  const words = describeDelta(latest.totalScore - previous.totalScore);
  const since = latest.depth === 'quick' ? 'since the quick score of' : 'since';
  return `${words[0]!.toUpperCase()}${words.slice(1)} ${since} ${shortDay(previous.createdAt)} (${previous.totalScore})`;
}

/** What the card says when nothing of the latest score's depth came before it. */
function firstOfItsDepth(latest: ScoreSummary): string {
  return latest.depth === 'quick' ? 'The first quick score: not compared with full scores.' : 'The first score.';
}

function LatestScore({ latest, previous }: { latest: ScoreSummary; previous: ScoreSummary | null }) {
  return html`<p class="product-score">
      <span class="product-total">${latest.totalScore}</span> <span class="muted">of ${MAX_TOTAL_SCORE}</span>
      <span class="tier">${latest.stageName}</span>
      <${QuickScoreBadge} facts=${depthFacts(latest)} />
    </p>
    <p class="muted product-when">Scored <${ScoreMoment} iso=${latest.createdAt} />.${previous ? ` ${moveSince(latest, previous)}.` : ` ${firstOfItsDepth(latest)}`}</p>`;
}

const SOURCE_NAMES: Record<string, string> = { github: 'GitHub', linear: 'Linear', push: 'pushed' };

/** The product's newest measured signals, each with its provenance: the figure, its period and repository or team, and the tool it came from. */
function MeasuredSignals({ measured, productName }: { measured: SignalRow[]; productName: string }) {
  if (measured.length === 0) return null;
  return html`<div class="product-measured">
    <p class="product-measured-title">Measured in your tools<span class="visually-hidden"> for ${productName}</span></p>
    <ul>
      ${measured.map(
        (signal) => html`<li>
          ${signal.link ? html`<a href=${signal.link} rel="nofollow noopener">${measuredSummary(signal)}</a>` : measuredSummary(signal)}
          <span class="muted"> · ${SOURCE_NAMES[signal.source] ?? signal.source}</span>
        </li>`,
      )}
    </ul>
    <a class="muted" href=${APP_PATHS.sources}>Sources</a>
  </div>`;
}

function ProductCard({ overview, peers }: { overview: ProductOverview; peers: PeerComparison | null }) {
  const { product, latest, previous, measured, goals, schedule } = overview;
  return html`<li class="card product-card" data-feedback-host data-product-id=${product.id} data-product-url=${product.url}>
    <h3><a href=${productHistoryPath(product.id)}>${product.name}</a></h3>
    <p class="product-url muted">${product.url}</p>
    ${latest ? html`<${LatestScore} latest=${latest} previous=${previous} />` : html`<p class="product-score muted">Not scored yet.</p>`}
    <${PeerLine} comparison=${peers} owner=${true} />
    <${MeasuredSignals} measured=${measured} productName=${product.name} />
    <div class="product-goals-summary">
      <p class="product-measured-title">Goals<span class="visually-hidden"> for ${product.name}</span></p>
      ${goals.length > 0 ? html`<${GoalList} goals=${goals} productName=${product.name} />` : html`<p class="muted">None yet: <a href=${`${productHistoryPath(product.id)}#goals`}>set one<span class="visually-hidden"> for ${product.name}</span></a>.</p>`}
      <${CadenceLine} schedule=${schedule} />
    </div>
    <div class="product-actions">
      <${RescoreButton} product=${product} scored=${latest !== null} quick=${latest?.depth === 'quick'} segment=${peers?.segmentKey ?? null} />
      <a href=${productHistoryPath(product.id)}>History and trend<span class="visually-hidden"> of ${product.name}</span></a>
      ${
        latest
          ? html`<a href=${resultPath(latest.id)}>Latest result<span class="visually-hidden"> of ${product.name}</span></a>
            <a href=${coachPath(latest.id)}>Ask the coach<span class="visually-hidden"> about ${product.name}</span></a>`
          : null
      }
    </div>
  </li>`;
}

/** peers: each latest score's comparison with its segment, by result id. */
export function ProductCards({ products, peers }: { products: ProductOverview[]; peers: ReadonlyMap<string, PeerComparison | null> }) {
  return html`<ul class="product-cards">
    ${products.map((overview) => html`<${ProductCard} overview=${overview} peers=${overview.latest ? (peers.get(overview.latest.id) ?? null) : null} />`)}
  </ul>`;
}

/** Scores of a bare address (no product): newest first, each with its result and the coach. */
export function UnfiledScores({ scores }: { scores: ScoreSummary[] }) {
  return html`<div class="table-scroll">
    <table class="score-table">
      <caption class="visually-hidden">Scores without a product, newest first</caption>
      <thead><tr><th scope="col">Company</th><th scope="col">Total</th><th scope="col">Scored</th><th scope="col"><span class="visually-hidden">Links</span></th></tr></thead>
      <tbody>
        ${scores.map(
          (score) => html`<tr>
            <th scope="row">${companyOf(score)}<span class="score-url muted">${score.url}</span></th>
            <td>${score.totalScore} <span class="muted">of ${MAX_TOTAL_SCORE}</span>, ${score.stageName} <${QuickScoreBadge} facts=${depthFacts(score)} /></td>
            <td><${ScoreMoment} iso=${score.createdAt} /></td>
            <td><div class="row-links">
              <a href=${resultPath(score.id)}>Result<span class="visually-hidden"> of ${companyOf(score)}, ${momentText(score.createdAt)}</span></a>
              ${
                score.depth === 'quick'
                  ? html`<a href=${fullScorePath(score.url)}>Run the full score<span class="visually-hidden"> of ${companyOf(score)}</span></a>`
                  : null
              }
              <a href=${coachPath(score.id)}>Ask the coach<span class="visually-hidden"> about ${companyOf(score)}, ${momentText(score.createdAt)}</span></a>
            </div></td>
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
