import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { OnboardingService } from '../onboarding-service.ts';
import { ClearedSchema, ProductParams } from './onboarding-schemas.ts';

/**
 * DELETE /api/team-registry/<productId>: removes every owner named for the
 * product. A completed org map stays completed. Admin and above; refused in
 * read-only mode (it completes nothing).
 */
export function registerDeleteTeamRegistry(app: App, deps: { onboarding: OnboardingService }): void {
  app.delete(
    '/api/team-registry/:productId',
    {
      config: { auth: 'required', permission: 'account:edit', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Lifecycle'],
        summary: "Remove a product's owners from the team registry",
        params: ProductParams,
        response: { 200: ClearedSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'ACCOUNT_READ_ONLY') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.onboarding.clearOwners(principal.accountId, request.params.productId))) {
        throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      }
      return { success: true as const };
    },
  );
}
