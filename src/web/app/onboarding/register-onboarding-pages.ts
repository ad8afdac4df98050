/**
 * Onboarding in the app (issue 14, point 3): the checklist (/app/onboarding),
 * the welcome interview and the org map, the two flows that complete its
 * milestones and so lift read-only mode at once. And the email preferences
 * settings page (point 4), the other lifecycle piece of issue 13.
 */
import type { App } from '../../../http/app-types.ts';
import type { EmailPreferences } from '../../../modules/email-preferences/email-preferences.ts';
import type { ProductService } from '../../../modules/products/product-service.ts';
import { html } from '../../view.ts';
import { sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps } from '../app-visit.ts';
import { registerEmailSettingsPage } from './email-settings-page.ts';
import { InterviewPage } from './interview-view.ts';
import { ONBOARDING_PATHS } from './onboarding-paths.ts';
import { OnboardingPage } from './onboarding-view.ts';
import { OrgMapPage } from './org-map-view.ts';

export interface OnboardingPageDeps extends AppPageDeps {
  products: ProductService;
  emailPreferences: EmailPreferences;
}

const assets = { scripts: ['onboarding.js'], styles: ['onboarding.css'] } as const;

export function registerOnboardingPages(app: App, deps: OnboardingPageDeps): void {
  const page = { config: { auth: 'page' as const }, schema: { hide: true } };

  app.get(ONBOARDING_PATHS.checklist, page, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Onboarding',
      path: ONBOARDING_PATHS.checklist,
      section: 'onboarding',
      body: html`<${OnboardingPage} visit=${visit} />`,
      styles: assets.styles,
    });
  });

  app.get(ONBOARDING_PATHS.interview, page, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const interview = await deps.onboarding.welcomeInterview(visit.principal.accountId);
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Welcome interview',
      path: ONBOARDING_PATHS.interview,
      section: 'onboarding',
      body: html`<${InterviewPage} visit=${visit} interview=${interview} />`,
      ...assets,
    });
  });

  app.get(ONBOARDING_PATHS.orgMap, page, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const accountId = visit.principal.accountId;
    const [registry, interview, members] = await Promise.all([
      deps.onboarding.registry(accountId),
      deps.onboarding.welcomeInterview(accountId),
      deps.accounts.members(accountId),
    ]);
    const memberEmails = [...new Set(members.flatMap((member) => (member.email ? [member.email] : [])))];
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Org map',
      path: ONBOARDING_PATHS.orgMap,
      section: 'onboarding',
      body: html`<${OrgMapPage} visit=${visit} registry=${registry} interview=${interview} memberEmails=${memberEmails} />`,
      ...assets,
    });
  });

  registerEmailSettingsPage(app, deps);
}
