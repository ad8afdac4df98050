/**
 * The Intelligence page (/app/intelligence): whether the moves worked over
 * the last 30 days, for the account or one product (a select that reloads
 * the page, no script): moves proposed, sent and dismissed, loops closed and
 * dimensions improved, the closure rate (or "not yet measured" before any
 * sent move has had a later score), points gained per week, and two plain
 * tables with captions: which kinds of move worked, and why moves were
 * dismissed. The figures are MoveService.intelligence's, the same as GET
 * /api/intelligence; their definitions are in docs/DECISIONS.md.
 */
import type { LoopFigures } from '../../../modules/moves/loop-figures.ts';
import { DISMISS_REASONS } from '../../../modules/moves/tables.ts';
import { html } from '../../view.ts';
import { Day } from '../settings/settings-text.ts';
import { intelligencePath } from './loop-paths.ts';
import { DISMISS_REASON_WORDS, KIND_WORDS } from './move-words.ts';

export interface IntelligencePage {
  figures: LoopFigures;
  products: readonly { id: string; name: string }[];
  /** The product the figures are for; null: the whole account. */
  productId: string | null;
}

/** 0.5 -> "50%"; null -> not yet measured. */
export function closureRateWords(rate: number | null): string {
  return rate === null ? 'Not yet measured' : `${Math.round(rate * 100)}%`;
}

/** A signed figure: "+1.4", "0", "-2". */
export function signedWords(value: number): string {
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return value > 0 ? `+${shown}` : shown;
}

function Figure({ name, value, hint, figure }: { name: string; value: string; hint: string; figure: string }) {
  return html`<div class="loop-figure" data-figure=${figure}>
    <dt>${name}</dt>
    <dd><span class=${/^[-+\d.%]+$/.test(value) ? 'loop-figure-value' : 'loop-figure-value loop-figure-words'}>${value}</span> <span class="loop-figure-hint">${hint}</span></dd>
  </div>`;
}

function ProductFilter({ page }: { page: IntelligencePage }) {
  if (page.products.length === 0) return null;
  return html`<form method="get" action=${intelligencePath()} class="product-filter">
    <label for="intelligence-product">Product</label>
    <div class="product-filter-row">
      <select id="intelligence-product" name="product">
        <option value="">Every product</option>
        ${page.products.map((product) => html`<option value=${product.id} selected=${product.id === page.productId}>${product.name}</option>`)}
      </select>
      <button type="submit" class="button button-quiet">Show</button>
    </div>
  </form>`;
}

export function IntelligenceView({ page }: { page: IntelligencePage }) {
  const { figures } = page;
  const productName = page.products.find((product) => product.id === page.productId)?.name ?? null;
  const dismissed = DISMISS_REASONS.filter((reason) => figures.movesDismissed.byReason[reason] > 0);
  return html`<div class="intelligence" data-intelligence>
    <h1>Intelligence</h1>
    <p class="lead">
      Whether the moves worked for ${productName ?? 'every product'}, from <${Day} at=${new Date(figures.from)} /> to <${Day} at=${new Date(figures.to)} /> (the last ${figures.windowDays} days):
      a loop is closed when the dimension a move worked on is a level higher on the product's next full score.
    </p>
    <${ProductFilter} page=${page} />
    <dl class="loop-figures">
      <${Figure} figure="proposed" name="Moves proposed" value=${String(figures.movesProposed)} hint="from scores that left a goal at risk or a dimension a level down" />
      <${Figure} figure="dispatched" name="Moves sent" value=${String(figures.movesDispatched)} hint="into the team's tools, or rescores run" />
      <${Figure} figure="dismissed" name="Moves dismissed" value=${String(figures.movesDismissed.total)} hint="set aside with a reason" />
      <${Figure} figure="closed" name="Loops closed" value=${String(figures.loopsClosed)} hint="sent moves whose dimension rose on the next full score" />
      <${Figure} figure="improved" name="Dimensions improved" value=${String(figures.dimensionsImproved)} hint="distinct dimensions of a product among them" />
      <${Figure}
        figure="rate"
        name="Loop closure rate"
        value=${closureRateWords(figures.loopClosureRate)}
        hint=${figures.loopClosureRate === null ? 'no sent move has had a full score after it yet' : 'of the sent moves with a full score after them'}
      />
      <${Figure} figure="points" name="Points per week" value=${signedWords(figures.pointsPerWeek)} hint="the total's change over the period, per product, summed, over 30/7 weeks" />
    </dl>
    <div class="table-scroll">
      <table class="score-table loop-table" data-by-kind>
        <caption>Which kinds of move worked</caption>
        <thead><tr><th scope="col">Kind</th><th scope="col">Sent</th><th scope="col">Loops closed</th></tr></thead>
        <tbody>
          ${figures.byKind.map(
            (row) => html`<tr data-kind=${row.kind}><th scope="row">${KIND_WORDS[row.kind]}</th><td>${row.dispatched}</td><td>${row.closed}</td></tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${
      dismissed.length === 0
        ? html`<p class="muted">No move was dismissed in the period.</p>`
        : html`<div class="table-scroll">
            <table class="score-table loop-table" data-by-reason>
              <caption>Why moves were dismissed</caption>
              <thead><tr><th scope="col">Reason</th><th scope="col">Moves</th></tr></thead>
              <tbody>
                ${dismissed.map((reason) => html`<tr><th scope="row">${DISMISS_REASON_WORDS[reason]}</th><td>${figures.movesDismissed.byReason[reason]}</td></tr>`)}
              </tbody>
            </table>
          </div>`
    }
  </div>`;
}
