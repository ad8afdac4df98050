/**
 * GET /app/anomalies: the Changes page (changes-view.ts), with ?state= one
 * of the filters, ?cursor= an older page (the previous page's last anomaly)
 * and ?done= the word a button left. A value the page does not know is the
 * 404 page, as a malformed product id is on the product page.
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { sendNotFoundPage } from '../../pages/not-found-page.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppVisit } from '../app-visit.ts';
import { ChangesView, type ChangesPage } from './changes-view.ts';
import type { LoopDeps } from './loop-deps.ts';
import { ANOMALY_FILTERS, DEFAULT_ANOMALY_FILTER, changesPath, isAnomalyAction, isAnomalyFilter, type AnomalyFilter } from './loop-paths.ts';

/** Anomalies a page; the "Older changes" link leads on. */
const CHANGES_PAGE_SIZE = 20;

const ChangesQuery = Type.Object({
  state: Type.Optional(Type.String({ maxLength: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
  done: Type.Optional(Type.String({ maxLength: 20 })),
});

export function registerChangesPage(app: App, deps: LoopDeps): void {
  app.get(APP_PATHS.changes, { config: { auth: 'page' }, schema: { hide: true, querystring: ChangesQuery } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const { state = DEFAULT_ANOMALY_FILTER, cursor = null, done = null } = request.query;
    if (!isAnomalyFilter(state) || (cursor !== null && !isUuid(cursor)) || (done !== null && !isAnomalyAction(done)))
      return sendNotFoundPage(reply, deps.settings, visit.viewer);
    return sendChangesPage(reply, deps, visit, { filter: state, cursor }, done ? { done } : null);
  });
}

/** The Changes page, also as a button's form answers when it refuses (403 with why, nothing changed). */
export async function sendChangesPage(
  reply: FastifyReply,
  deps: LoopDeps,
  visit: AppVisit,
  at: { filter: AnomalyFilter; cursor: string | null },
  notice: ChangesPage['notice'],
  status = 200,
) {
  const accountId = visit.account.id;
  const [page, products] = await Promise.all([
    deps.anomalies.list(accountId, { states: ANOMALY_FILTERS[at.filter], after: at.cursor ?? undefined, limit: CHANGES_PAGE_SIZE }),
    deps.products.list(accountId),
  ]);
  const changes: ChangesPage = {
    ...page,
    ...at,
    productNames: new Map(products.map((product) => [product.id, product.name])),
    csrf: visit.csrf,
    notice,
  };
  return sendAppPage(
    reply,
    deps.settings,
    visit,
    {
      title: 'Changes',
      path: changesPath(at),
      section: 'changes',
      body: html`<${ChangesView} page=${changes} />`,
      styles: ['dashboard.css'],
    },
    status,
  );
}
