/**
 * GET /pricing/complete?item=<plan or pack_<size>>: where the payment
 * provider sends the buyer back after paying (billing-service.ts names it).
 * The payment itself arrives separately, as a webhook that may land a
 * moment after the browser does: until the account shows the plan, the page
 * says it is activating and offers a reload.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import type { BillingService } from '../../modules/billing/billing-service.ts';
import {
  isHigherPlan,
  PAID_PLANS,
  PLAN_LIMITS,
  PLAN_NAMES,
  SCORE_PACK_NAMES,
  SCORE_PACKS,
  type PaidPlan,
  type Plan,
  type ScorePack,
} from '../../vocabulary/plans.ts';
import { sendPage } from '../document.ts';
import { signInPath } from '../sign-in-form.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import type { PageSettings } from './page-settings.ts';
import { PRICING_PATH } from './pricing-view.ts';
import { TRY_PATH } from './try-page.ts';

export const PRICING_COMPLETE_PATH = '/pricing/complete';

const CompleteQuery = Type.Object({ item: Type.Optional(Type.String({ maxLength: 40 })) });

type Bought = { kind: 'plan'; plan: PaidPlan } | { kind: 'pack'; pack: ScorePack } | { kind: 'unknown' };

/** The success address's `item`: a plan's name, or `pack_` and a pack's. Anything else is simply not known. */
function boughtItem(item: string | undefined): Bought {
  const plan = PAID_PLANS.find((name) => name === item);
  if (plan) return { kind: 'plan', plan };
  const pack = SCORE_PACK_NAMES.find((name) => `pack_${name}` === item);
  if (pack) return { kind: 'pack', pack };
  return { kind: 'unknown' };
}

function completePath(item: string | undefined): string {
  return item ? `${PRICING_COMPLETE_PATH}?${new URLSearchParams({ item })}` : PRICING_COMPLETE_PATH;
}

function Next() {
  return html`<p class="cta"><a class="button" href=${TRY_PATH}>Score a site</a> <a class="button button-quiet" href=${PRICING_PATH}>See your plan</a></p>`;
}

function Confirmation({ bought, plan, reloadHref }: { bought: Bought; plan: Plan; reloadHref: string }) {
  if (bought.kind === 'pack') {
    const size = SCORE_PACKS[bought.pack];
    return html`
      <h1>Thank you: ${size} scores are on their way</h1>
      <p class="lead">The pack is added to your account as soon as the payment provider confirms the payment, usually within seconds. Pack scores never expire and are used after your monthly scores run out.</p>
      <${Next} />
    `;
  }
  if (bought.kind === 'plan' && plan !== bought.plan && !isHigherPlan(plan, bought.plan)) {
    return html`
      <h1>Activating your ${PLAN_NAMES[bought.plan]} plan</h1>
      <p class="lead">Your payment went through. The payment provider confirms it to us separately, usually within a few seconds; until then your account still shows the ${PLAN_NAMES[plan]} plan.</p>
      <p class="cta"><a class="button" href=${reloadHref}>Check again</a> <a class="button button-quiet" href=${PRICING_PATH}>Back to pricing</a></p>
    `;
  }
  if (bought.kind === 'unknown' && plan === 'free') {
    return html`
      <h1>Thank you</h1>
      <p class="lead">The payment provider confirms a purchase to us separately, usually within a few seconds; until then your account still shows the ${PLAN_NAMES[plan]} plan.</p>
      <p class="cta"><a class="button" href=${reloadHref}>Check again</a> <a class="button button-quiet" href=${PRICING_PATH}>Back to pricing</a></p>
    `;
  }
  const limits = PLAN_LIMITS[plan];
  return html`
    <h1>You are on ${PLAN_NAMES[plan]} now</h1>
    <p class="lead">Thank you. ${limits.scores === null ? 'Scores are unlimited' : `Up to ${limits.scores.toLocaleString('en-US')} scores a month`} and ${limits.seats === null ? 'as many seats as you agree with us' : `${limits.seats} ${limits.seats === 1 ? 'seat' : 'seats'}`} are yours from this moment.</p>
    <${Next} />
  `;
}

export function registerPricingCompletePage(app: App, deps: { settings: PageSettings; billing: BillingService }): void {
  const { settings } = deps;
  app.get(PRICING_COMPLETE_PATH, { config: { auth: 'page' }, schema: { hide: true, querystring: CompleteQuery } }, async (request, reply) => {
    const here = completePath(request.query.item);
    // The session may have ended while paying; the plan is the account's, so sign in and come back.
    if (!request.principal) return reply.redirect(signInPath(here), 303);
    const plan = await deps.billing.planOf(request.principal.accountId);
    reply.header('cache-control', 'private, no-store');
    return sendPage(reply, settings, {
      head: { title: 'Thank you', description: 'Your purchase, and whether it is active yet.', path: PRICING_COMPLETE_PATH, noindex: true },
      viewer: viewerOf(request),
      body: html`<div class="narrow"><${Confirmation} bought=${boughtItem(request.query.item)} plan=${plan} reloadHref=${here} /></div>`,
    });
  });
}
