import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses, invalidBody, type FieldProblem } from '../../../http/errors.ts';
import type { OnboardingService, WelcomeInterviewAnswers } from '../onboarding-service.ts';
import { WelcomeInterviewBody, welcomeInterviewView, WelcomeInterviewSchema } from './onboarding-schemas.ts';

/**
 * POST /api/onboarding/welcome-interview: the Day 1 milestone. Admin and
 * above answer for the account; answering again replaces the answers and
 * keeps the milestone's first completion time. Never refused by read-only
 * mode: it is how that mode is lifted.
 */
export function registerPostWelcomeInterview(app: App, deps: { onboarding: OnboardingService }): void {
  app.post(
    '/api/onboarding/welcome-interview',
    {
      config: { auth: 'required', permission: 'account:edit' },
      schema: {
        tags: ['Lifecycle'],
        summary: 'Answer the welcome interview',
        body: WelcomeInterviewBody,
        response: { 200: WelcomeInterviewSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { body } = request;
      const problems: FieldProblem[] = [];
      const role = body.role.trim();
      if (!role) problems.push({ field: 'body.role', message: 'is blank' });
      const goals = body.goals.map((goal) => goal.trim());
      goals.forEach((goal, index) => {
        if (!goal) problems.push({ field: `body.goals.${index}`, message: 'is blank' });
      });
      const productName = body.product.name.trim();
      if (!productName) problems.push({ field: 'body.product.name', message: 'is blank' });
      const productUrl = body.product.url === undefined ? null : webAddress(body.product.url);
      if (productUrl === '') problems.push({ field: 'body.product.url', message: 'must be an http or https address' });
      if (problems.length > 0) throw invalidBody(problems);
      const answers: WelcomeInterviewAnswers = { role, goals, product: { name: productName, url: productUrl }, teamSize: body.teamSize };
      return welcomeInterviewView(await deps.onboarding.submitWelcomeInterview(principal.accountId, principal.userId, answers));
    },
  );
}

/** The address normalised, or '' when it is not an absolute http(s) address. */
function webAddress(text: string): string {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}
