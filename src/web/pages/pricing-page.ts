/** GET /pricing: the plans and score packs, with the viewer's own plan marked and checkout buttons for those who may buy. */
import { Type } from 'typebox';
import type { App, Principal } from '../../http/app-types.ts';
import { hasPermission } from '../../http/permissions.ts';
import type { BillingService } from '../../modules/billing/billing-service.ts';
import { csrfToken } from '../csrf.ts';
import { sendPage } from '../document.ts';
import { viewerOf } from '../viewer.ts';
import { usesSecureCookies, type PageSettings } from './page-settings.ts';
import { PRICING_PATH, pricingPage, type Buyer, type PricingContent } from './pricing-view.ts';

/** The payment provider's cancel address lands here (billing-service.ts). */
const PricingQuery = Type.Object({ checkout: Type.Optional(Type.String({ maxLength: 20 })) });

const CANCELLED_NOTICE: PricingContent['notice'] = { text: 'Checkout cancelled; nothing was charged.' };

/** What the viewer may buy: a visitor nothing yet; a member by their account's plan and role. */
export async function buyerOf(principal: Principal | null, billing: BillingService): Promise<Buyer> {
  if (!principal) return { kind: 'visitor' };
  return { kind: 'member', plan: await billing.planOf(principal.accountId), mayBuy: hasPermission(principal.role, 'billing:manage') };
}

export function registerPricingPage(app: App, deps: { settings: PageSettings; billing: BillingService }): void {
  const { settings } = deps;
  app.get(PRICING_PATH, { config: { auth: 'page' }, schema: { hide: true, querystring: PricingQuery } }, async (request, reply) => {
    const [buyer, prices] = await Promise.all([buyerOf(request.principal, deps.billing), deps.billing.prices()]);
    const csrf = buyer.kind === 'member' ? csrfToken(request, reply, usesSecureCookies(settings)) : '';
    const notice = request.query.checkout === 'cancelled' ? CANCELLED_NOTICE : undefined;
    // A member's page shows their plan: no shared cache may keep it.
    if (buyer.kind === 'member') reply.header('cache-control', 'private, no-cache');
    return sendPage(reply, settings, pricingPage({ viewer: viewerOf(request), buyer, csrf, prices, ...(notice ? { notice } : {}) }));
  });
}
