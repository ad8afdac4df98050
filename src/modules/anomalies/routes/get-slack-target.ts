import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { SlackAlerts } from '../slack-alerts.ts';
import { SlackTargetSchema, slackTargetView } from './anomaly-schemas.ts';

/** GET /api/anomalies/slack: where the account's anomalies are posted in Slack (admin and above). */
export function registerGetSlackTarget(app: App, deps: { slack: SlackAlerts }): void {
  app.get(
    '/api/anomalies/slack',
    {
      config: { auth: 'required', permission: 'webhooks:manage' },
      schema: {
        tags: ['Anomalies'],
        summary: 'Where anomalies are posted in Slack',
        response: { 200: SlackTargetSchema, ...errorResponses('AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => slackTargetView(await deps.slack.target(requirePrincipal(request).accountId)),
  );
}
