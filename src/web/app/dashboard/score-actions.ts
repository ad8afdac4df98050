/**
 * The dashboard's score actions, as forms the page's script
 * (assets/dashboard.js) carries out through the JSON API with live
 * progress: score a new address, and rescore a product. The API decides
 * who may score (every role may: a member scores as an owner does) and
 * refuses with its own words, which the script shows in the alert region.
 * A new score may be placed in a market segment, for the peer comparison;
 * a rescore keeps the segment of the product's latest score.
 *
 * Without the script the buttons stay disabled and a note says so: these
 * actions need it (the no-script score is /try's).
 */
import { MINIMUM_CONTRIBUTING_ACCOUNTS } from '../../../modules/benchmarks/benchmark-service.ts';
import { SEGMENTS } from '../../../framework/segments.ts';
import type { Product } from '../../../modules/products/product-service.ts';
import { SCORE_CREDIT_COST } from '../../../vocabulary/plans.ts';
import { ScoreProblem, ScoreProgressPanel } from '../../components/score-form.ts';
import { TRY_PATH } from '../../pages/try-page.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';

/** What a new address becomes: a product with a history, or (every product slot in use) a one-off score. */
export type NewScoreMode = 'product' | 'once';

/**
 * Where a running score shows its progress, and a refusal its words. One
 * per page; the script moves it next to the form that started the score.
 */
export function ScoreFeedback() {
  return html`<div class="score-feedback" data-score-feedback>
    <${ScoreProgressPanel} doneLabel="Showing the new score" />
    <${ScoreProblem} />
  </div>`;
}

export function NeedsScriptNote() {
  return html`<noscript><p class="hint">Scoring from the dashboard needs JavaScript. Without it, <a href=${TRY_PATH}>score a site on its own page</a>.</p></noscript>`;
}

function ModeHint({ mode, productLimit, mayManageBilling }: { mode: NewScoreMode; productLimit: number | null; mayManageBilling: boolean }) {
  const cost = `A score takes about a minute and uses one score (${SCORE_CREDIT_COST} credits) of your plan.`;
  if (mode === 'product') {
    return html`<p id="new-score-hint" class="hint">It becomes one of your products (named after the site's host unless you name it): each rescore adds to its history and its trend. ${cost}</p>`;
  }
  const slots = productLimit === 1 ? "Your plan's one product is" : `Your plan's ${productLimit} products are all`;
  return html`<p id="new-score-hint" class="hint">
    ${slots} in use, so this address is scored once, without a history (it is listed under other scores). ${cost}
    ${mayManageBilling ? html` <a href=${APP_PATHS.billing}>Upgrade for more products</a>.` : ' An owner or admin can upgrade for more products.'}
  </p>`;
}

export interface NewScoreFormProps {
  mode: NewScoreMode;
  /** The plan's product limit, for the one-off note; null when unlimited. */
  productLimit: number | null;
  mayManageBilling: boolean;
  buttonLabel: string;
}

/** The metadata's segments (GET /api/assessment/metadata); none by default: a segment is the caller's claim, not a guess. */
function SegmentField() {
  return html`<div class="field field-segment">
    <label for="new-score-segment">Market segment <span class="optional">(optional)</span></label>
    <select id="new-score-segment" name="segment" aria-describedby="new-score-segment-hint">
      <option value="">None</option>
      ${SEGMENTS.map((segment) => html`<option value=${segment.key}>${segment.label}</option>`)}
    </select>
  </div>`;
}

/** Score a new address: the script creates the product (or finds the one at that address) and scores it. */
export function NewScoreForm(props: NewScoreFormProps) {
  return html`<form class="new-score-form with-segment" data-new-score data-mode=${props.mode}>
      <div class="field field-url">
        <label for="new-score-url">Company web address</label>
        <input id="new-score-url" name="url" type="text" inputmode="url" autocomplete="url" autocapitalize="none" spellcheck="false" required maxlength="2048"
          placeholder="yourcompany.com" aria-describedby="new-score-hint" />
      </div>
      <div class="field field-name">
        <label for="new-score-name">Name <span class="optional">(optional)</span></label>
        <input id="new-score-name" name="name" type="text" autocomplete="organization" maxlength="100" aria-describedby="new-score-hint" />
      </div>
      <${SegmentField} />
      <button class="button" type="submit" disabled data-needs-script>${props.buttonLabel}</button>
      <${ModeHint} mode=${props.mode} productLimit=${props.productLimit} mayManageBilling=${props.mayManageBilling} />
      <p id="new-score-segment-hint" class="hint">
        A segment compares the company with its peers there, once ${MINIMUM_CONTRIBUTING_ACCOUNTS} other accounts on a paid plan have scored companies in it. Rescores keep it.
      </p>
    </form>
    <${NeedsScriptNote} />`;
}

/**
 * Rescore one product at its address (POST /api/score/product, a full
 * score); its history page opens when done. segment: its latest score's,
 * kept so the product stays compared with the same peers. quick: the latest
 * score is a quick one, so the button says it runs the full score.
 */
export function RescoreButton({
  product,
  scored,
  quick = false,
  segment = null,
}: {
  product: Pick<Product, 'id' | 'name'>;
  scored: boolean;
  quick?: boolean;
  segment?: string | null;
}) {
  const label = !scored ? 'Score it now' : quick ? 'Run the full score' : 'Rescore';
  return html`<form class="rescore-form" data-rescore data-product-id=${product.id} data-segment=${segment ?? undefined}>
    <button class=${scored && !quick ? 'button button-quiet' : 'button'} type="submit" disabled data-needs-script>
      ${label}<span class="visually-hidden"> ${product.name}</span>
    </button>
  </form>`;
}
