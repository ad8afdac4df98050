import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { OnboardingService } from '../onboarding-service.ts';
import { welcomeInterviewView, WelcomeInterviewSchema } from './onboarding-schemas.ts';

/** GET /api/onboarding/welcome-interview: the latest answers; 404 until the interview is answered. */
export function registerGetWelcomeInterview(app: App, deps: { onboarding: OnboardingService }): void {
  app.get(
    '/api/onboarding/welcome-interview',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Lifecycle'],
        summary: 'The answers to the welcome interview',
        response: { 200: WelcomeInterviewSchema, ...errorResponses('AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const interview = await deps.onboarding.welcomeInterview(requirePrincipal(request).accountId);
      if (!interview) throw new ApiError('NOT_FOUND', { message: 'The welcome interview has not been answered yet.' });
      return welcomeInterviewView(interview);
    },
  );
}
