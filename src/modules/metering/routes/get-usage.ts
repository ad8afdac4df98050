import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { UsageReports } from '../usage-report.ts';
import { UsageSchema } from './usage-schemas.ts';

/** GET /api/usage (spec part 4, shape ours): live consumption and quota for the current billing period. */
export function registerGetUsage(app: App, deps: { usageReports: UsageReports }): void {
  app.get(
    '/api/usage',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Billing'],
        summary: 'Live consumption and quota for the current billing period',
        response: { 200: UsageSchema, ...errorResponses('AUTH_REQUIRED') },
      },
    },
    async (request) => deps.usageReports.forAccount(requirePrincipal(request).accountId),
  );
}
