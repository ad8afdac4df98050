/**
 * The onboarding API: coverage, the welcome interview and the team registry.
 * One endpoint a file; this only gathers them, so the composition root stays short.
 */
import type { App } from '../../../http/app-types.ts';
import type { OnboardingService } from '../onboarding-service.ts';
import { registerDeleteTeamRegistry } from './delete-team-registry.ts';
import { registerGetCoverage } from './get-coverage.ts';
import { registerGetTeamRegistry } from './get-team-registry.ts';
import { registerGetWelcomeInterview } from './get-welcome-interview.ts';
import { registerPostWelcomeInterview } from './post-welcome-interview.ts';
import { registerPutTeamRegistry } from './put-team-registry.ts';

export function registerOnboardingRoutes(app: App, deps: { onboarding: OnboardingService }): void {
  registerGetCoverage(app, deps);
  registerGetWelcomeInterview(app, deps);
  registerPostWelcomeInterview(app, deps);
  registerGetTeamRegistry(app, deps);
  registerPutTeamRegistry(app, deps);
  registerDeleteTeamRegistry(app, deps);
}
