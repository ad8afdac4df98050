import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { AnomalyService } from '../anomaly-service.ts';
import { anomalyView } from '../anomaly-view.ts';
import { ANOMALY_PAGE_LIMIT, AnomalyListQuery, AnomalyListSchema } from './anomaly-schemas.ts';

/** GET /api/anomalies: what the account's scores showed that changed beyond normal variation, newest first. */
export function registerGetAnomalies(app: App, deps: { anomalies: AnomalyService; publicBaseUrl: string }): void {
  app.get(
    '/api/anomalies',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Anomalies'],
        summary: "The account's anomalies, newest first, a page at a time",
        querystring: AnomalyListQuery,
        response: { 200: AnomalyListSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { state, productId, cursor, limit } = request.query;
      const page = await deps.anomalies.list(principal.accountId, {
        states: state && [state],
        productId,
        after: cursor,
        limit: limit === undefined ? ANOMALY_PAGE_LIMIT : Number(limit),
      });
      return { anomalies: page.anomalies.map((row) => anomalyView(row, deps.publicBaseUrl)), nextCursor: page.nextCursor };
    },
  );
}
