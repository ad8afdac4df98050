/**
 * GET /app/intelligence: the Intelligence page (intelligence-view.ts), for
 * the account or, with ?product=<id>, one of its products. A product the
 * account does not have is the 404 page.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { sendNotFoundPage } from '../../pages/not-found-page.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit } from '../app-visit.ts';
import { IntelligenceView } from './intelligence-view.ts';
import type { LoopDeps } from './loop-deps.ts';
import { intelligencePath } from './loop-paths.ts';

const IntelligenceQuery = Type.Object({ product: Type.Optional(Type.String({ maxLength: 100 })) });

export function registerIntelligencePage(app: App, deps: LoopDeps): void {
  app.get(APP_PATHS.intelligence, { config: { auth: 'page' }, schema: { hide: true, querystring: IntelligenceQuery } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    // The select's "Every product" sends an empty value.
    const productId = request.query.product || null;
    const products = await deps.products.list(visit.account.id);
    if (productId !== null && (!isUuid(productId) || !products.some((product) => product.id === productId)))
      return sendNotFoundPage(reply, deps.settings, visit.viewer, 'product');
    const figures = await deps.moves.intelligence(visit.account.id, productId ?? undefined);
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Intelligence',
      path: intelligencePath(productId),
      section: 'intelligence',
      body: html`<${IntelligenceView} page=${{ figures, products, productId }} />`,
      styles: ['dashboard.css'],
    });
  });
}
