/**
 * Cancelling on the local provider's billing portal (no STRIPE_SECRET_KEY).
 * At the end of the period (the default): recorded, and a job ends the
 * subscription then. Now: the server signs the customer.subscription.deleted
 * the provider would send and delivers it to our own webhook over HTTP, the
 * path a provider's delivery takes (spec part 6: "Account downgraded to
 * Free"). Either way the customer goes back to the billing settings.
 */
import type { App } from '../../http/app-types.ts';
import { hasValidCsrfToken } from '../csrf.ts';
import { page } from '../html.ts';
import { cancelledSubscriptionEvent, decodeLocalPortal, LOCAL_PORTAL_PATH } from '../../modules/billing/local-portal-session.ts';
import { CancelForm, htmlPage } from './local-checkout-common.ts';
import { goneAsNull, PORTAL_EXPIRED_PAGE, portalDocumented, type LocalPortalDeps } from './local-portal-page.ts';
import { deliverToOwnWebhook } from './own-webhook-delivery.ts';

/** What cancelling answers, for the API document (`pageResponses`, http/app-types.ts). */
const CANCEL_RESPONSES = {
  303: {
    type: 'null',
    description: "Cancelled (or nothing left to cancel): redirects to the portal's return address.",
    headers: { location: { type: 'string' } },
  },
  403: htmlPage("The form's CSRF token is missing or does not match its cookie."),
  404: htmlPage('The portal session is unknown or has expired, or the account is gone.'),
  502: htmlPage('Our own webhook did not accept the cancellation; the subscription still runs.'),
};

export function registerLocalPortalCancel(app: App, deps: LocalPortalDeps): void {
  app.post(
    LOCAL_PORTAL_PATH,
    {
      config: { auth: 'public', pageResponses: CANCEL_RESPONSES },
      schema: {
        ...portalDocumented('cancel the subscription at the end of the period, or now (delivering a signed customer.subscription.deleted to our own webhook)'),
        body: CancelForm,
      },
    },
    async (request, reply) => {
      const html = (status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
      if (!hasValidCsrfToken(request, request.body.csrf)) {
        return html(403, page('Form expired', '<h1>Form expired</h1><p>Open the billing portal again and cancel there.</p>'));
      }
      const now = deps.clock.now();
      const session = decodeLocalPortal(request.body.session, deps.signingSecret, now);
      const overview = session ? await deps.billing.overview(session.accountId).catch(goneAsNull) : null;
      if (!session || !overview) return html(404, PORTAL_EXPIRED_PAGE);
      // Read now, not from the session: the subscription in force is the one to end (none left: already done).
      if (!overview.subscription) return reply.redirect(session.returnUrl, 303);
      if (request.body.when !== 'now') {
        const outcome = await deps.billing.cancel(session.accountId, 'period_end', 'local-portal');
        if (!outcome.ok && outcome.reason === 'provider_unavailable')
          return html(502, page('Cancellation not recorded', '<h1>Cancellation not recorded</h1><p>Try again.</p>'));
        return reply.redirect(session.returnUrl, 303);
      }
      const event = cancelledSubscriptionEvent(session, overview.subscription, now);
      const status = await deliverToOwnWebhook(app, deps, event, now).catch((error: unknown) => {
        request.log.error({ err: error }, 'local portal: delivering the cancellation to our own webhook failed');
        return 0;
      });
      if (status < 200 || status >= 300) {
        return html(
          502,
          page(
            'Cancellation not recorded',
            '<h1>Cancellation not recorded</h1><p>The webhook did not accept the event. The subscription still runs; try again.</p>',
          ),
        );
      }
      return reply.redirect(session.returnUrl, 303);
    },
  );
}
