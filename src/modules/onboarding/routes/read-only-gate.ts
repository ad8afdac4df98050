/**
 * Read-only mode (spec part 3) for every route at once: a route that writes
 * declares `whenReadOnly` in its config, and this hook, on those routes after
 * authentication and before the body is read, refuses it with 403
 * ACCOUNT_READ_ONLY while the caller's account is read-only. Routes that
 * only read, and the writes that must always work (completing the welcome
 * interview, checkout, deleting the account), declare nothing.
 */
import type { App } from '../../../http/app-types.ts';
import { ApiError } from '../../../http/errors.ts';
import { addHooksToRoutes } from '../../../http/route-hooks.ts';
import type { OnboardingService, ReadOnlyRefusal, ReadOnlyWriteKind } from '../onboarding-service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route creates or spends: read-only mode refuses it (onboarding-service.ts: ReadOnlyWriteKind). */
    whenReadOnly?: ReadOnlyWriteKind;
  }
}

export function readOnlyError(refusal: ReadOnlyRefusal): ApiError {
  return new ApiError('ACCOUNT_READ_ONLY', { message: refusal.message, details: { action: refusal.action, missingMilestones: refusal.missingMilestones } });
}

/** Install after authentication (the caller must be known), before the routes. */
export function installReadOnlyGate(app: App, deps: { onboarding: OnboardingService }): void {
  addHooksToRoutes(app, (route) => route.config?.whenReadOnly !== undefined, {
    async onRequest(request) {
      const kind = request.routeOptions.config.whenReadOnly;
      // Anonymous callers have no account to be read-only (an anonymous score counts against the anonymous cap).
      if (!kind || !request.principal) return;
      const refusal = await deps.onboarding.writeRefusal(request.principal, kind);
      if (refusal) throw readOnlyError(refusal);
    },
  });
}
