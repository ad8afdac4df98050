/**
 * POST /pricing/checkout: the pricing page's buttons without JavaScript.
 * Starts the same checkout as POST /api/payment/checkout (BillingService)
 * and sends the browser to the provider's page with a 303; a refusal comes
 * back as the pricing page with the reason. checkout.js does the same
 * through the API when scripts run.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import type { BillingService, CheckoutOutcome } from '../../modules/billing/billing-service.ts';
import { PAID_PLANS, PLAN_NAMES, SCORE_PACK_NAMES, type CheckoutItem } from '../../vocabulary/plans.ts';
import { csrfToken, hasValidCsrfToken } from '../csrf.ts';
import { sendPage } from '../document.ts';
import { signInPath } from '../sign-in-form.ts';
import { viewerOf } from '../viewer.ts';
import { usesSecureCookies, type PageSettings } from './page-settings.ts';
import { buyerOf } from './pricing-page.ts';
import { PRICING_CHECKOUT_PATH, PRICING_PATH, pricingPage } from './pricing-view.ts';

const CheckoutForm = Type.Object({
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
  plan: Type.Optional(Type.Enum(PAID_PLANS)),
  pack: Type.Optional(Type.Enum(SCORE_PACK_NAMES)),
});

type Refusal = Extract<CheckoutOutcome, { ok: false }>;

/** A refused checkout, in words for the buyer, with the status the API gives the same refusal. */
function refusalNotice(refusal: Refusal): { status: number; text: string } {
  switch (refusal.reason) {
    case 'pack_needs_paid_plan':
      return { status: 402, text: 'Score packs are for paid plans: upgrade to Pro or Business first, then top up.' };
    case 'plan_already_held':
      return { status: 409, text: `Your account is already on the ${PLAN_NAMES[refusal.plan]} plan.` };
    case 'not_an_upgrade':
      return {
        status: 409,
        text: `Your account is on the ${PLAN_NAMES[refusal.currentPlan]} plan; checkout sells only a higher plan. To move to ${PLAN_NAMES[refusal.requestedPlan]}, change the plan in the billing portal.`,
      };
    case 'no_price':
      return { status: 400, text: 'That cannot be bought online yet: no price is configured for it. Contact us instead.' };
    case 'provider_unavailable':
      return { status: 503, text: 'The payment provider did not answer. Nothing was charged; try again in a moment.' };
  }
}

export function registerPricingCheckout(app: App, deps: { settings: PageSettings; billing: BillingService }): void {
  const { settings, billing } = deps;
  app.post(PRICING_CHECKOUT_PATH, { config: { auth: 'page' }, schema: { hide: true, body: CheckoutForm } }, async (request, reply) => {
    const principal = request.principal;
    // Signed out meanwhile (or never signed in): sign in, then choose again.
    if (!principal) return reply.redirect(signInPath(PRICING_PATH), 303);
    const { csrf, plan, pack } = request.body;
    const viewer = viewerOf(request);
    const buyer = await buyerOf(principal, billing);
    const answer = async (status: number, text: string) =>
      sendPage(
        reply,
        settings,
        pricingPage({
          viewer,
          buyer,
          csrf: csrfToken(request, reply, usesSecureCookies(settings)),
          prices: await billing.prices(),
          notice: { text, error: true },
        }),
        status,
      );

    // Without it, another site could start a checkout in a member's name (no charge, but not theirs to start).
    if (!hasValidCsrfToken(request, csrf)) return answer(403, 'The form expired. Choose again below.');
    if (buyer.kind !== 'member' || !buyer.mayBuy) return answer(403, 'Only an owner or admin of your account can buy a plan or a pack.');
    const item: CheckoutItem | null =
      plan !== undefined && pack === undefined ? { kind: 'plan', plan } : pack !== undefined && plan === undefined ? { kind: 'pack', pack } : null;
    if (!item) return answer(400, 'Choose one plan or one pack.');

    const outcome = await billing.startCheckout(principal.accountId, item);
    if (outcome.ok) return reply.redirect(outcome.url, 303);
    const refusal = refusalNotice(outcome);
    return answer(refusal.status, refusal.text);
  });
}
