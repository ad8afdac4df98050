/**
 * The dashboard's body: for an account with nothing yet, the first-run path
 * (the form to score a first site and what happens next); otherwise its
 * products, the form to score a new address, the scores without a product;
 * and beside them, the period's usage.
 */
import type { PeerComparison } from '../../components/peer-comparison.ts';
import { COMPARE_PATH } from '../../pages/compare-view.ts';
import { MAX_TOTAL_SCORE } from '../../result-summary.ts';
import { html } from '../../view.ts';
import { isFirstRun, mayAddProduct, type DashboardOverview } from './dashboard-overview.ts';
import { ProductCards, UnfiledScores } from './product-cards.ts';
import { NewScoreForm, ScoreFeedback, type NewScoreFormProps } from './score-actions.ts';
import { UsageMeters } from './usage-meters.ts';

export interface DashboardViewProps {
  overview: DashboardOverview;
  /** Each product's latest score compared with its segment's peers, by result id (null: no segment). */
  peers: ReadonlyMap<string, PeerComparison | null>;
  accountName: string;
  mayManageBilling: boolean;
}

function newScoreForm(props: DashboardViewProps, buttonLabel: string): NewScoreFormProps {
  const { usage } = props.overview;
  return { mode: mayAddProduct(usage) ? 'product' : 'once', productLimit: usage.products.limit, mayManageBilling: props.mayManageBilling, buttonLabel };
}

function FirstRun(props: DashboardViewProps) {
  return html`<section class="card first-run" data-feedback-host aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">Score your first site</h2>
      <p>Enter your company's web address. We read its public pages the way a visitor would and score how mature its product practice looks, on 27 dimensions.</p>
      <${NewScoreForm} ...${newScoreForm(props, 'Score my site')} />
      <${ScoreFeedback} />
    </section>
    <section aria-labelledby="next-heading">
      <h2 id="next-heading">What happens next</h2>
      <ol class="next-steps">
        <li><strong>You watch it read the site.</strong> Pages found, fetched and analysed, then the scoring; about a minute.</li>
        <li><strong>You get the score.</strong> A total out of ${MAX_TOTAL_SCORE}, a stage, and each of the 27 dimensions with the quotes from the site it rests on.</li>
        <li><strong>It is kept here.</strong> The site becomes one of your products; rescore it after you change things and see the trend and what moved.</li>
        <li><strong>You plan the next step.</strong> Ask the coach about the gaps, grounded in the score.</li>
      </ol>
    </section>`;
}

function Overview(props: DashboardViewProps) {
  const { products, unfiled } = props.overview;
  return html`${
    products.length > 0
      ? html`<section aria-labelledby="products-heading">
          <h2 id="products-heading">Products</h2>
          <${ProductCards} products=${products} peers=${props.peers} />
        </section>`
      : null
  }
    <section class="card new-score" data-feedback-host aria-labelledby="new-score-heading">
      <h2 id="new-score-heading">Score a new address</h2>
      <${NewScoreForm} ...${newScoreForm(props, 'Score it')} />
      <${ScoreFeedback} />
    </section>
    <section class="card compare-invite" aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare two results</h2>
      <p>Put two scores side by side, per dimension and function: your site against a competitor's you scored, or now against before.</p>
      <a class="button button-quiet" href=${COMPARE_PATH}>Compare results</a>
    </section>
    ${
      unfiled.length > 0
        ? html`<section aria-labelledby="unfiled-heading">
          <h2 id="unfiled-heading">Other scores</h2>
          <p class="muted">Addresses scored on their own, not as one of your products.</p>
          <${UnfiledScores} scores=${unfiled} />
        </section>`
        : null
    }`;
}

export function DashboardView(props: DashboardViewProps) {
  const firstRun = isFirstRun(props.overview);
  return html`<div class="dashboard" data-dashboard data-may-manage-billing=${String(props.mayManageBilling)}>
    <h1>${firstRun ? 'Welcome' : 'Dashboard'}</h1>
    <p class="lead muted">${firstRun ? `${props.accountName} has no scores yet. Start with one site: it takes about a minute.` : props.accountName}</p>
    <div class="dashboard-grid">
      <div class="dashboard-main">${firstRun ? html`<${FirstRun} ...${props} />` : html`<${Overview} ...${props} />`}</div>
      <div class="dashboard-side">
        <${UsageMeters} usage=${props.overview.usage} mayManageBilling=${props.mayManageBilling} />
      </div>
    </div>
  </div>`;
}
