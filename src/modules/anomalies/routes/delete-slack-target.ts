import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { SlackAlerts } from '../slack-alerts.ts';
import { SlackTargetSchema, slackTargetView } from './anomaly-schemas.ts';

/** DELETE /api/anomalies/slack: stop posting the account's anomalies to Slack (admin and above). */
export function registerDeleteSlackTarget(app: App, deps: { slack: SlackAlerts }): void {
  app.delete(
    '/api/anomalies/slack',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Anomalies'],
        summary: 'Stop posting anomalies to Slack',
        response: { 200: SlackTargetSchema, ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      if (!(await deps.slack.remove(requirePrincipal(request).accountId)))
        throw new ApiError('NOT_FOUND', { message: 'No Slack address is set for this account.' });
      return slackTargetView(null);
    },
  );
}
