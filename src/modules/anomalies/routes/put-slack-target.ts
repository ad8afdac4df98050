import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { SlackAlerts } from '../slack-alerts.ts';
import { SlackTargetBody, SlackTargetSchema, slackTargetView } from './anomaly-schemas.ts';

/** PUT /api/anomalies/slack: post the account's anomalies to a Slack incoming webhook (admin and above). */
export function registerPutSlackTarget(app: App, deps: { slack: SlackAlerts }): void {
  app.put(
    '/api/anomalies/slack',
    {
      config: { auth: 'required', permission: 'webhooks:manage', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Anomalies'],
        summary: 'Post anomalies to a Slack incoming webhook',
        description: 'https only (http only for hosts in WEBHOOK_ALLOWLIST); an address that is or resolves to an internal one is refused with INVALID_URL.',
        body: SlackTargetBody,
        response: { 200: SlackTargetSchema, ...errorResponses('INVALID_REQUEST', 'INVALID_URL', 'AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const set = await deps.slack.set(principal.accountId, request.body.webhookUrl, principal.userId);
      if (!set.ok) throw new ApiError('INVALID_URL', { message: set.reason });
      return slackTargetView(set);
    },
  );
}
