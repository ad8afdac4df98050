import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { AnomalyService } from '../anomaly-service.ts';
import { AnomalySchema, anomalyView } from '../anomaly-view.ts';
import { AnomalyStateBody } from './anomaly-schemas.ts';

/** PATCH /api/anomalies/<id>: acknowledge or resolve one of the account's anomalies. */
export function registerPatchAnomaly(app: App, deps: { anomalies: AnomalyService; publicBaseUrl: string }): void {
  app.patch(
    '/api/anomalies/:id',
    {
      config: { auth: 'required', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Anomalies'],
        summary: 'Acknowledge or resolve an anomaly',
        params: IdParams,
        body: AnomalyStateBody,
        response: { 200: AnomalySchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const row = await deps.anomalies.setState(principal.accountId, request.params.id, request.body.state, principal.userId);
      if (!row) throw new ApiError('NOT_FOUND', { message: 'No such anomaly in this account.' });
      return anomalyView(row, deps.publicBaseUrl);
    },
  );
}
