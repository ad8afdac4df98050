/**
 * The signed-in app's pages (/app...) start here: who is visiting, in which
 * account, on which plan, whether the account is read-only, and the CSRF
 * token for the page's forms. A visitor without a usable session is sent to
 * sign in and comes back to the same address afterwards.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../http/app-types.ts';
import { hasPermission, type Permission } from '../../http/permissions.ts';
import type { AccountService, AccountView } from '../../modules/accounts/account-service.ts';
import type { BillingService } from '../../modules/billing/billing-service.ts';
import type { OnboardingService } from '../../modules/onboarding/onboarding-service.ts';
import type { CoverageRecord } from '../../modules/onboarding/trial.ts';
import type { Plan } from '../../vocabulary/plans.ts';
import { csrfToken } from '../csrf.ts';
import { usesSecureCookies, type PageSettings } from '../pages/page-settings.ts';
import { signInPath } from '../sign-in-form.ts';
import { viewerOf, type Viewer } from '../viewer.ts';
import { sendRefusedPage } from './refused-page.ts';

/** What every app page reads before it renders. */
export interface AppPageDeps {
  settings: PageSettings;
  accounts: AccountService;
  billing: BillingService;
  onboarding: OnboardingService;
}

export interface AppVisit {
  principal: Principal;
  viewer: Viewer;
  account: AccountView;
  plan: Plan;
  /** The onboarding record: the checklist, and whether the account is read-only now. */
  coverage: CoverageRecord;
  /** For the page's forms (double-submit cookie, web/csrf.ts). */
  csrf: string;
  /** Whether the visitor's role allows `permission`: pages show only the actions that will not answer 403. */
  may(permission: Permission): boolean;
}

/**
 * The visit, or null once the reply has been sent: a redirect to sign-in
 * (no session, or one that no longer works, as after the account's deletion).
 */
export async function appVisit(request: FastifyRequest, reply: FastifyReply, deps: AppPageDeps): Promise<AppVisit | null> {
  const principal = request.principal;
  // Signed in, but the account turns this person away (no seat): signing in again would not help.
  if (!principal && request.pageRefusal) {
    await sendRefusedPage(reply, deps.settings, request.pageRefusal);
    return null;
  }
  if (!principal) {
    await reply.redirect(signInPath(request.url), 303);
    return null;
  }
  const [account, plan, coverage] = await Promise.all([
    deps.accounts.get(principal.accountId),
    deps.billing.planOf(principal.accountId),
    deps.onboarding.coverage(principal.accountId),
  ]);
  // Erased between authentication and now: the session leads nowhere.
  if (!account || !coverage) {
    await reply.redirect(signInPath(request.url), 303);
    return null;
  }
  // Every app page shows the account's own data: no shared cache may keep it, and back/forward shows it fresh.
  reply.header('cache-control', 'private, no-store');
  return {
    principal,
    viewer: viewerOf(request),
    account,
    plan,
    coverage,
    csrf: csrfToken(request, reply, usesSecureCookies(deps.settings)),
    may: (permission) => hasPermission(principal.role, permission),
  };
}
