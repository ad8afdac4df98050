import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { OnboardingService } from '../onboarding-service.ts';
import { registryEntryView, RegistrySchema } from './onboarding-schemas.ts';

/** GET /api/team-registry: every product of the account with the owner of each function. Every member may read it. */
export function registerGetTeamRegistry(app: App, deps: { onboarding: OnboardingService }): void {
  app.get(
    '/api/team-registry',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Lifecycle'],
        summary: 'The team registry: who owns each function of each product',
        response: { 200: RegistrySchema, ...errorResponses('AUTH_REQUIRED') },
      },
    },
    async (request) => ({ products: (await deps.onboarding.registry(requirePrincipal(request).accountId)).map(registryEntryView) }),
  );
}
