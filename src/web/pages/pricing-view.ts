/**
 * The pricing page's content, shared by GET /pricing and by the checkout
 * form's answers when a checkout is refused. Every number comes from the
 * plans the service enforces (vocabulary/plans.ts), and every price from
 * the payment provider (BillingService.prices: Stripe's price objects, or the
 * local provider's configured prices).
 */
import {
  CHAT_MESSAGE_CREDIT_COST,
  includesApiAccess,
  isHigherPlan,
  isPaidPlan,
  PLAN_LIMITS,
  PLAN_NAMES,
  PLANS,
  SCORE_CREDIT_COST,
  SCORE_PACK_NAMES,
  SCORE_PACKS,
  type Plan,
  type PlanLimits,
  type PriceTable,
  type ScorePack,
} from '../../vocabulary/plans.ts';
import { creditsInWords, formatMoney, perScoreText, priceText, WHAT_A_CREDIT_BUYS } from '../components/price-text.ts';
import type { Page } from '../document.ts';
import { signInPath } from '../sign-in-form.ts';
import { html, type ComponentChildren } from '../view.ts';
import type { Viewer } from '../viewer.ts';

export const PRICING_PATH = '/pricing';
export const PRICING_CHECKOUT_PATH = '/pricing/checkout';

/** Who is looking, as far as buying goes. */
export type Buyer =
  | { kind: 'visitor' }
  /** Signed in; `mayBuy` is the billing:manage permission (owners and admins). */
  | { kind: 'member'; plan: Plan; mayBuy: boolean };

export interface PricingContent {
  viewer: Viewer;
  buyer: Buyer;
  csrf: string;
  /** What each plan and pack costs (null: shown at checkout). */
  prices: PriceTable;
  /** Above the plans: a cancelled checkout, a refused one. */
  notice?: { text: ComponentChildren; error?: boolean };
}

const PACK_LABELS: Record<ScorePack, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

function count(value: number | null, unit: string): string {
  return value === null ? 'Unlimited' : `${value.toLocaleString('en-US')} ${unit}`;
}

/**
 * Pro's and Business' score and chat limits are caps inside one credit pool
 * (spec part 8: "up to"): when using both to the full would cost more than
 * the pool holds, either limit is reached only by leaving the other unused.
 */
function sharesPool(limits: PlanLimits): boolean {
  if (limits.monthlyCredits === null || limits.scores === null || limits.chatMessages === null) return false;
  return limits.scores * SCORE_CREDIT_COST + limits.chatMessages * CHAT_MESSAGE_CREDIT_COST > limits.monthlyCredits;
}

function PlanPrice({ plan, prices }: { plan: Plan; prices: PriceTable }) {
  if (!isPaidPlan(plan)) {
    // Nothing to pay, in the currency the other plans are priced in.
    const currency = Object.values(prices).find((price) => price !== null)?.currency;
    return html`<p class="plan-price"><span class="plan-amount">${currency ? formatMoney(0, currency) : 'No charge'}</span> <span class="muted">for good</span></p>`;
  }
  const price = prices[plan];
  if (!price) return html`<p class="plan-price"><span class="plan-amount-unknown">Price shown at checkout</span></p>`;
  const [amount, ...per] = priceText(price).split(' ');
  return html`<p class="plan-price"><span class="plan-amount">${amount}</span> <span class="muted">${per.join(' ')}</span></p>`;
}

function PlanFacts({ plan }: { plan: Plan }) {
  const limits = PLAN_LIMITS[plan];
  const upTo = sharesPool(limits) ? 'Up to ' : '';
  const facts: [string, string][] = [
    ['Scores', `${upTo}${count(limits.scores, 'a month')}`],
    ['Coach messages', `${upTo}${count(limits.chatMessages, 'a month')}`],
    ['Credits', count(limits.monthlyCredits, 'a month')],
    ['Seats', limits.seats === null ? 'Custom' : limits.seats.toLocaleString('en-US')],
    ['Products', limits.products === null ? 'Unlimited' : limits.products.toLocaleString('en-US')],
    ['API access', includesApiAccess(limits) ? count(limits.apiCalls, 'calls a month') : 'No'],
  ];
  return html`<dl class="plan-facts">
      ${facts.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}
    </dl>
    <p class="plan-credits">${creditsInWords(limits)}</p>`;
}

function CheckoutForm({ field, value, label, csrf }: { field: 'plan' | 'pack'; value: string; label: string; csrf: string }) {
  return html`<form method="post" action=${PRICING_CHECKOUT_PATH} class="checkout-form" data-checkout=${field}>
    <input type="hidden" name="csrf" value=${csrf} />
    <input type="hidden" name=${field} value=${value} />
    <button class="button" type="submit">${label}</button>
  </form>`;
}

function PlanAction({ plan, buyer, csrf }: { plan: Plan; buyer: Buyer; csrf: string }) {
  if (buyer.kind === 'visitor') {
    return isPaidPlan(plan)
      ? html`<a class="button" href=${signInPath(PRICING_PATH)}>Sign in to upgrade</a>`
      : html`<a class="button button-quiet" href="/sign-up">Sign up free</a>`;
  }
  if (plan === buyer.plan) return html`<p class="plan-note">You are on this plan.</p>`;
  if (!isPaidPlan(plan) || !isHigherPlan(plan, buyer.plan)) return html`<p class="plan-note muted">Included in your plan.</p>`;
  if (!buyer.mayBuy) return html`<p class="plan-note muted">An owner or admin of your account can upgrade.</p>`;
  return html`<${CheckoutForm} field="plan" value=${plan} label=${`Upgrade to ${PLAN_NAMES[plan]}`} csrf=${csrf} />`;
}

function PackAction({ pack, buyer, csrf }: { pack: ScorePack; buyer: Buyer; csrf: string }) {
  if (buyer.kind === 'visitor') return null;
  if (!isPaidPlan(buyer.plan) || !buyer.mayBuy) return null;
  return html`<${CheckoutForm} field="pack" value=${pack} label=${`Buy ${SCORE_PACKS[pack]} scores`} csrf=${csrf} />`;
}

export function PackPrice({ price, scores }: { price: PriceTable[keyof PriceTable]; scores: number }) {
  if (!price) return html`<p class="pack-price muted">Price shown at checkout</p>`;
  return html`<p class="pack-price"><strong>${priceText(price)}</strong> <span class="muted">once · ${perScoreText(price, scores)}</span></p>`;
}

function packNote(buyer: Buyer): string {
  if (buyer.kind === 'visitor') return 'Sign in on a paid plan to buy one.';
  if (!isPaidPlan(buyer.plan)) return 'Packs are for paid plans: upgrade first, then top up.';
  if (!buyer.mayBuy) return 'An owner or admin of your account can buy one.';
  return 'Bought once, used after your monthly scores run out.';
}

export function pricingPage(content: PricingContent): Page {
  const { viewer, buyer, csrf, notice, prices } = content;
  const current = buyer.kind === 'member' ? buyer.plan : null;
  return {
    head: {
      title: 'Pricing',
      description: `Plans for scoring and coaching: ${PLANS.map((plan) => PLAN_NAMES[plan]).join(', ')}. Start free; upgrade when you need more scores, seats or API access.`,
      path: PRICING_PATH,
    },
    viewer,
    scripts: ['checkout.js'],
    body: html`
      <h1>Pricing</h1>
      <p class="lead">Start free. Every plan scores the same 27 dimensions with the same evidence; paid plans score more, coach more and seat more people.</p>
      <div class="checkout-notice" role="status" aria-live="polite">
        ${notice ? html`<p class=${notice.error ? 'notice notice-error' : 'notice'}>${notice.text}</p>` : null}
      </div>
      <div class="plan-grid">
        ${PLANS.map(
          (plan) => html`<section class=${plan === current ? 'card plan plan-current' : 'card plan'} aria-labelledby=${`plan-${plan}`}>
            <h2 id=${`plan-${plan}`}>${PLAN_NAMES[plan]}${plan === current ? html` <span class="plan-badge">Your plan</span>` : null}</h2>
            <${PlanPrice} plan=${plan} prices=${prices} />
            <${PlanFacts} plan=${plan} />
            <div class="plan-action"><${PlanAction} plan=${plan} buyer=${buyer} csrf=${csrf} /></div>
          </section>`,
        )}
      </div>
      <section class="card credit-explainer" aria-labelledby="credits-heading">
        <h2 id="credits-heading">What a credit buys</h2>
        <p>${WHAT_A_CREDIT_BUYS}</p>
        <p class="hint">Where a plan says "up to", scores and messages share its credits. Prices are per account, not per seat. Enterprise limits and service levels can be negotiated.</p>
      </section>

      <h2>Score packs</h2>
      <p>One-time top-ups for paid plans. They never expire and carry over when your monthly credits renew.</p>
      <ul class="pack-grid">
        ${SCORE_PACK_NAMES.map(
          (pack) => html`<li class="card pack">
            <h3>${PACK_LABELS[pack]}</h3>
            <p class="pack-size">${SCORE_PACKS[pack]} scores</p>
            <${PackPrice} price=${prices[`pack_${pack}`]} scores=${SCORE_PACKS[pack]} />
            <${PackAction} pack=${pack} buyer=${buyer} csrf=${csrf} />
          </li>`,
        )}
      </ul>
      <p class="muted">${packNote(buyer)}</p>
    `,
  };
}
