/**
 * The billing settings' content: the plan in force with its renewal (or,
 * on Free, the trial's days), what it includes, the plans above it and the
 * score packs, and the billing portal. Buttons appear only for those who
 * may use them (billing:manage): a member sees the plan and nothing to press.
 * The upgrade and pack buttons are the pricing page's checkout forms
 * (checkout.js sends them through POST /api/payment/checkout).
 */
import type { BillingOverview, InvoicesOutcome } from '../../../modules/billing/billing-service.ts';
import { TRIAL_DAYS } from '../../../modules/onboarding/trial.ts';
import {
  includesApiAccess,
  isHigherPlan,
  isPaidPlan,
  PAID_PLANS,
  PLAN_LIMITS,
  PLAN_NAMES,
  SCORE_PACK_NAMES,
  SCORE_PACKS,
  type PaidPlan,
  type PlanLimits,
  type PriceTable,
  type ScorePack,
} from '../../../vocabulary/plans.ts';
import { creditsInWords, formatMoney, priceText, WHAT_A_CREDIT_BUYS } from '../../components/price-text.ts';
import { PackPrice, PRICING_CHECKOUT_PATH, PRICING_PATH } from '../../pages/pricing-view.ts';
import { html } from '../../view.ts';
import type { AppVisit } from '../app-visit.ts';
import { Day, Problem, ScriptNeeded } from '../onboarding/page-parts.ts';

export interface BillingContent {
  visit: AppVisit;
  overview: BillingOverview;
  /** Scores left in bought packs (GET /api/usage's scores.packBalance). */
  packBalance: number;
  /** What each plan and pack costs (BillingService.prices). */
  prices: PriceTable;
  /** The account's invoices (those who may manage billing); null for a member. */
  invoices: InvoicesOutcome | null;
}

const count = (value: number | null, unit: string) => (value === null ? 'Unlimited' : `${value.toLocaleString('en-US')} ${unit}`);

function Includes({ limits }: { limits: PlanLimits }) {
  const facts: [string, string][] = [
    ['Scores', count(limits.scores, 'a month')],
    ['Coach messages', count(limits.chatMessages, 'a month')],
    ['Credits', count(limits.monthlyCredits, 'a month')],
    ['Seats', limits.seats === null ? 'Custom' : limits.seats.toLocaleString('en-US')],
    ['Products', limits.products === null ? 'Unlimited' : limits.products.toLocaleString('en-US')],
    ['API access', includesApiAccess(limits) ? count(limits.apiCalls, 'calls a month') : 'No'],
  ];
  return html`<dl class="plan-facts billing-facts">${facts.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>
    <p class="plan-credits">${creditsInWords(limits)}</p>`;
}

function CheckoutButton({ field, value, label, csrf }: { field: 'plan' | 'pack'; value: string; label: string; csrf: string }) {
  return html`<form method="post" action=${PRICING_CHECKOUT_PATH} class="checkout-form" data-checkout=${field}>
    <input type="hidden" name="csrf" value=${csrf} />
    <input type="hidden" name=${field} value=${value} />
    <button class="button" type="submit">${label}</button>
  </form>`;
}

/** When the plan renews, or on Free where the trial stands and when the credits renew. */
function Renewal({ visit, overview, prices }: { visit: AppVisit; overview: BillingOverview; prices: PriceTable }) {
  const { entitlement } = overview;
  if (isPaidPlan(entitlement.plan)) {
    const price = prices[entitlement.plan];
    return html`<p>${price ? `${priceText(price)}, billed monthly.` : 'Monthly subscription.'} ${entitlement.awaitingRenewal ? 'Renewal payment due since' : 'Renews on'} <${Day} at=${entitlement.period.end} />.</p>
      ${
        entitlement.gracePeriodEndsAt
          ? html`<p class="notice notice-error">A payment failed. ${entitlement.heldToFreeLimits ? "The Free plan's limits apply until it is paid." : html`The plan's limits hold until <${Day} at=${entitlement.gracePeriodEndsAt} />; then the Free plan's apply until it is paid.`} Update the payment method in the billing portal.</p>`
          : null
      }`;
  }
  const trialEnd = new Date(new Date(visit.coverage.trialStartedAt).getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  const trial =
    visit.coverage.trialDaysRemaining > 0
      ? html`Your ${TRIAL_DAYS}-day trial has ${visit.coverage.trialDaysRemaining} ${visit.coverage.trialDaysRemaining === 1 ? 'day' : 'days'} left; it ends on <${Day} at=${trialEnd} />.`
      : html`Your ${TRIAL_DAYS}-day trial ended on <${Day} at=${trialEnd} />.`;
  return html`<p>${trial} The monthly credits renew on <${Day} at=${entitlement.period.end} />.</p>`;
}

function Portal({ visit, overview }: { visit: AppVisit; overview: BillingOverview }) {
  if (!visit.may('billing:manage'))
    return html`<p class="muted">An owner or admin of the account manages billing: upgrades, score packs and the subscription.</p>`;
  if (!overview.hasCustomer) return html`<p class="hint">The billing portal opens once the account has bought a plan or a score pack.</p>`;
  return html`<div class="billing-portal">
    <button type="button" class="button button-quiet" data-billing-portal>Manage billing</button>
    <p class="hint">At the payment provider: change the plan or the payment method.</p>
    <${ScriptNeeded} action="Opening the billing portal" />
    <${Problem} id="portal-problem" />
  </div>`;
}

function Upgrades({ visit, current, prices }: { visit: AppVisit; current: AppVisit['plan']; prices: PriceTable }) {
  const higher = PAID_PLANS.filter((plan) => isHigherPlan(plan, current));
  if (higher.length === 0) return html`<p>You are on the highest plan. Enterprise limits and service levels can be negotiated: contact us.</p>`;
  const mayBuy = visit.may('billing:manage');
  return html`<div class="plan-grid">
      ${higher.map(
        (plan: PaidPlan) => html`<section class="card plan" aria-labelledby=${`upgrade-${plan}`}>
          <h3 id=${`upgrade-${plan}`}>${PLAN_NAMES[plan]}</h3>
          <p class="plan-price"><span class="plan-amount">${priceText(prices[plan])}</span></p>
          <${Includes} limits=${PLAN_LIMITS[plan]} />
          ${mayBuy ? html`<${CheckoutButton} field="plan" value=${plan} label=${`Upgrade to ${PLAN_NAMES[plan]}`} csrf=${visit.csrf} />` : null}
        </section>`,
      )}
    </div>
    ${mayBuy ? null : html`<p class="muted">An owner or admin of your account can upgrade.</p>`}
    <p class="hint">Prices are per account, not per seat. <a href=${PRICING_PATH}>Compare every plan</a>.</p>`;
}

function Packs({ visit, packBalance, prices }: { visit: AppVisit; packBalance: number; prices: PriceTable }) {
  const mayBuy = visit.may('billing:manage') && isPaidPlan(visit.plan);
  const note = !isPaidPlan(visit.plan)
    ? 'Packs are for paid plans: upgrade first, then top up.'
    : visit.may('billing:manage')
      ? 'Bought once, used after your monthly scores run out; they never expire.'
      : 'An owner or admin of your account can buy one.';
  return html`<p class="pack-balance" data-pack-balance=${packBalance}>
      <strong>${packBalance.toLocaleString('en-US')}</strong> ${packBalance === 1 ? 'score' : 'scores'} left in bought packs.
    </p>
    ${
      mayBuy
        ? html`<ul class="pack-grid">
          ${SCORE_PACK_NAMES.map(
            (pack: ScorePack) => html`<li class="card pack">
              <h3>${SCORE_PACKS[pack]} scores</h3>
              <${PackPrice} price=${prices[`pack_${pack}`]} scores=${SCORE_PACKS[pack]} />
              <${CheckoutButton} field="pack" value=${pack} label=${`Buy ${SCORE_PACKS[pack]} scores`} csrf=${visit.csrf} />
            </li>`,
          )}
        </ul>`
        : null
    }
    <p class="muted">${note}</p>`;
}

const INVOICE_STATUS: Record<string, string> = { paid: 'Paid', open: 'Due', void: 'Void', uncollectible: 'Unpaid', draft: 'Draft' };

function Invoices({ invoices }: { invoices: InvoicesOutcome }) {
  if (!invoices.ok) return html`<p class="notice">The payment provider did not answer, so the invoices cannot be listed just now. Reload in a moment.</p>`;
  if (invoices.invoices.length === 0) return html`<p class="muted">No invoices yet: one is made for each payment.</p>`;
  // On a phone each row is laid out as a small block (app.css); the table stays a table.
  return html`<table class="invoice-table">
    <caption class="visually-hidden">The account's invoices, newest first</caption>
    <thead><tr><th scope="col">Date</th><th scope="col">Number</th><th scope="col">For</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead>
    <tbody>
      ${invoices.invoices.map(
        (invoice) => html`<tr>
          <td class="date"><${Day} at=${invoice.createdAt} /></td>
          <td class="number">${invoice.url ? html`<a href=${invoice.url} rel="noopener">${invoice.number ?? 'Invoice'}</a>` : (invoice.number ?? '—')}</td>
          <td class="for">${invoice.description}</td>
          <td class="amount">${formatMoney(invoice.amount, invoice.currency)}</td>
          <td class="status">${INVOICE_STATUS[invoice.status] ?? invoice.status}</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

/**
 * Cancelling, with the end of the period paid for as the way it goes (the
 * plan runs until then, nothing more is charged) and ending it now, without
 * a refund, as a second choice behind a disclosure; or, once cancelled, when
 * it ends and the way to keep it.
 */
function Cancel({ visit, overview }: { visit: AppVisit; overview: BillingOverview }) {
  const { subscription, cancellation, entitlement } = overview;
  if (!subscription || !visit.may('billing:manage')) return null;
  const plan = PLAN_NAMES[entitlement.plan];
  if (cancellation) {
    return html`<section class="card billing-cancel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Subscription ending</h2>
      <p class="notice">${plan} ends on <${Day} at=${cancellation.endsAt} />, the end of the period paid for; then the account moves to the Free plan. Nothing more is charged.</p>
      <button type="button" class="button" data-resume-subscription>Keep the subscription</button>
      <${ScriptNeeded} action="Keeping the subscription" />
      <${Problem} id="cancel-problem" />
    </section>`;
  }
  return html`<section class="card billing-cancel" aria-labelledby="cancel-title">
    <h2 id="cancel-title">Cancel the subscription</h2>
    <p>Cancelling keeps ${plan} until <${Day} at=${entitlement.period.end} />, the end of the period paid for; then the account moves to the Free plan. Nothing more is charged, and you can change your mind until then.</p>
    <button type="button" class="button button-quiet" data-cancel-subscription="period_end">Cancel at the end of the period</button>
    <details class="cancel-now">
      <summary>Cancel now instead</summary>
      <p>Ends ${plan} today: the account moves to the Free plan at once, and the rest of this period is not refunded.</p>
      <button type="button" class="button button-danger" data-cancel-subscription="now">Cancel now, without a refund</button>
    </details>
    <${ScriptNeeded} action="Cancelling" />
    <${Problem} id="cancel-problem" />
  </section>`;
}

export function BillingPage({ visit, overview, packBalance, prices, invoices }: BillingContent) {
  const { entitlement } = overview;
  return html`
    <h1>Billing</h1>
    <div class="checkout-notice" role="status" aria-live="polite"></div>
    <section class="card billing-plan" aria-labelledby="billing-plan-title">
      <h2 id="billing-plan-title">${PLAN_NAMES[entitlement.plan]} plan</h2>
      <${Renewal} visit=${visit} overview=${overview} prices=${prices} />
      <h3>What it includes</h3>
      <${Includes} limits=${entitlement.limits} />
      <${Portal} visit=${visit} overview=${overview} />
    </section>
    <h2>Upgrade</h2>
    <${Upgrades} visit=${visit} current=${entitlement.plan} prices=${prices} />
    <h2>Score packs</h2>
    <${Packs} visit=${visit} packBalance=${packBalance} prices=${prices} />
    <h2>What a credit buys</h2>
    <p>${WHAT_A_CREDIT_BUYS}</p>
    ${invoices ? html`<h2>Invoices</h2><${Invoices} invoices=${invoices} />` : null}
    <${Cancel} visit=${visit} overview=${overview} />
  `;
}
