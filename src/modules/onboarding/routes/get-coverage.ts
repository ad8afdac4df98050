import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { OnboardingService } from '../onboarding-service.ts';
import { CoverageSchema } from './onboarding-schemas.ts';

/** GET /api/onboarding/coverage (spec parts 2 and 4): the trial, its two milestones and read-only mode. */
export function registerGetCoverage(app: App, deps: { onboarding: OnboardingService }): void {
  app.get(
    '/api/onboarding/coverage',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Lifecycle'],
        summary: 'Onboarding coverage over the trial',
        response: { 200: CoverageSchema, ...errorResponses('AUTH_REQUIRED', 'INTERNAL_ERROR') },
      },
    },
    async (request) => {
      const coverage = await deps.onboarding.coverage(requirePrincipal(request).accountId);
      if (!coverage) throw new ApiError('ACCOUNT_DELETED');
      return coverage;
    },
  );
}
