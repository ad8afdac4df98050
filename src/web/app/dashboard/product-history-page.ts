/**
 * GET /app/products/<id>: one product's history, trend and what changed,
 * optionally at one score (?result=<id>), its table a page at a time
 * (?cursor=<the previous page's last score>), with its goals and rescoring
 * cadence. Another account's product, an unknown one, or a score not of this
 * product is the 404 page: the address leads nowhere for this reader.
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { peerComparisonOf } from '../../components/peer-comparison.ts';
import { sendNotFoundPage } from '../../pages/not-found-page.ts';
import { html } from '../../view.ts';
import { sendAppPage } from '../app-layout.ts';
import { appVisit, type AppVisit } from '../app-visit.ts';
import type { DashboardDeps } from './dashboard-deps.ts';
import { PRODUCT_HISTORY_PATH, productHistoryPath } from './dashboard-paths.ts';
import { productHistory } from './product-history.ts';
import { ProductHistoryView } from './product-history-view.ts';
import { ProductGoalsSection, type GoalFormState } from './product-goals-view.ts';
import { ProductAnomaliesSection } from './product-anomalies-view.ts';

/** The product page lists at most this many anomalies still to look at; GET /api/anomalies has them all. */
const ANOMALIES_SHOWN = 10;

// Loose on purpose: a malformed id is the 404 page, as an unknown one is, not a 400 in JSON.
const ProductPageParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const ProductPageQuery = Type.Object({ result: Type.Optional(Type.String({ maxLength: 100 })), cursor: Type.Optional(Type.String({ maxLength: 100 })) });

export function registerProductHistoryPage(app: App, deps: DashboardDeps): void {
  app.get(
    PRODUCT_HISTORY_PATH,
    { config: { auth: 'page' }, schema: { hide: true, params: ProductPageParams, querystring: ProductPageQuery } },
    async (request, reply) => {
      const visit = await appVisit(request, reply, deps);
      if (!visit) return reply;
      const { id } = request.params;
      const resultId = request.query.result ?? null;
      const cursor = request.query.cursor ?? null;
      const wellFormed = isUuid(id) && (resultId === null || isUuid(resultId)) && (cursor === null || isUuid(cursor));
      return sendProductPage(reply, deps, visit, wellFormed ? { id, resultId, cursor } : null);
    },
  );
}

/**
 * The product page, also as the goal and cadence forms answer when they
 * refuse (status 400 or 403, the reader's values and each field's problem kept).
 */
export async function sendProductPage(
  reply: FastifyReply,
  deps: DashboardDeps,
  visit: AppVisit,
  at: { id: string; resultId: string | null; cursor: string | null } | null,
  refused: { status: number; form: GoalFormState } | null = null,
) {
  const accountId = visit.account.id;
  const history = at ? await productHistory(deps, accountId, at.id, at.resultId, at.cursor) : null;
  if (!history) return sendNotFoundPage(reply, deps.settings, visit.viewer, 'product');
  const [peers, goals, schedule, unresolved] = await Promise.all([
    history.latest ? peerComparisonOf(deps.benchmarks, history.latest.id) : null,
    deps.goals.list(accountId, history.product.id),
    deps.schedules.get(accountId, history.product.id),
    deps.anomalies.list(accountId, { productId: history.product.id, states: ['open', 'acknowledged'], limit: ANOMALIES_SHOWN }),
  ]);
  const section = html`<${ProductAnomaliesSection} anomalies=${unresolved.anomalies} /><${ProductGoalsSection}
    productId=${history.product.id}
    productName=${history.product.name}
    outcomes=${{ goals, schedule }}
    csrf=${visit.csrf}
    today=${deps.goals.today()}
    form=${refused?.form ?? null}
  />`;
  return sendAppPage(
    reply,
    deps.settings,
    visit,
    {
      title: history.product.name,
      path: productHistoryPath(history.product.id, undefined, at?.cursor),
      section: 'dashboard',
      body: html`<${ProductHistoryView} history=${history} peers=${peers} goals=${section} />`,
      scripts: ['dashboard.js'],
      styles: ['dashboard.css'],
    },
    refused?.status ?? 200,
  );
}
