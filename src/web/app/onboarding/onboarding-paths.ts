/** The onboarding flows' addresses: the checklist (APP_PATHS.onboarding) and the two pages that complete its milestones. */
import { APP_PATHS } from '../app-layout.ts';

export const ONBOARDING_PATHS = {
  checklist: APP_PATHS.onboarding,
  interview: `${APP_PATHS.onboarding}/interview`,
  orgMap: `${APP_PATHS.onboarding}/org-map`,
} as const;
