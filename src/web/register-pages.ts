/**
 * Every page, registered together for the composition root: the public pages,
 * the signed-in app (/app...), the invitation page, the HTML forms (in their
 * own scope, the only one that parses form bodies), and the development-only
 * pages. Each page reads what it needs from the services it is given.
 */
import formbody from '@fastify/formbody';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { App } from '../http/app-types.ts';
import { registerDevJwks } from '../http/dev-jwks.ts';
import type { BrowserSessions } from '../identity/browser-sessions.ts';
import type { DevSigningKey } from '../identity/dev-identity.ts';
import { mailDirectory } from '../mail/create-mailer.ts';
import type { AccountService } from '../modules/accounts/account-service.ts';
import type { InvitationService } from '../modules/accounts/invitations.ts';
import type { ApiKeyService } from '../modules/api-keys/api-key-service.ts';
import type { BenchmarkService } from '../modules/benchmarks/benchmark-service.ts';
import type { BillingService } from '../modules/billing/billing-service.ts';
import type { CoachConversations } from '../modules/coach/coach-conversations.ts';
import type { EmailPreferences } from '../modules/email-preferences/email-preferences.ts';
import { registerPostOneClickUnsubscribe } from '../modules/email-preferences/routes/post-one-click-unsubscribe.ts';
import type { FeedbackService } from '../modules/feedback/feedback-service.ts';
import type { SourceConnections } from '../modules/integrations/source-connections.ts';
import type { AdmissionGate } from '../modules/metering/admission-gate.ts';
import type { UsageReports } from '../modules/metering/usage-report.ts';
import type { OnboardingService } from '../modules/onboarding/onboarding-service.ts';
import type { GoalService } from '../modules/outcomes/goal-service.ts';
import type { ScheduleService } from '../modules/outcomes/schedule-service.ts';
import type { AnomalyService } from '../modules/anomalies/anomaly-service.ts';
import type { MoveService } from '../modules/moves/move-service.ts';
import type { ProductService } from '../modules/products/product-service.ts';
import type { ScoringService } from '../modules/scoring/scoring-service.ts';
import type { ScoreJobs } from '../modules/scoring/score-jobs.ts';
import type { SharedResultCache } from '../modules/scoring/shared-result-cache.ts';
import type { SignalService } from '../modules/signals/signal-service.ts';
import type { WebhookDeliveries } from '../modules/webhooks/webhook-deliveries.ts';
import type { WebhookService } from '../modules/webhooks/webhook-service.ts';
import { registerBillingPages } from './app/billing/register-billing-pages.ts';
import { registerCoachPage } from './app/coach/register-coach-page.ts';
import { registerDashboardForms, registerDashboardPages } from './app/dashboard/register-dashboard-pages.ts';
import { registerLoopForms, registerLoopPages } from './app/loop/register-loop-pages.ts';
import { registerOnboardingPages } from './app/onboarding/register-onboarding-pages.ts';
import { registerSettingsPages } from './app/settings/register-settings-pages.ts';
import { registerIdentityPage } from './identity-page.ts';
import { registerLocalCheckoutPage } from './local-provider/local-checkout-page.ts';
import { registerLocalCheckoutPayment } from './local-provider/local-checkout-payment.ts';
import { registerLocalPortalCancel } from './local-provider/local-portal-cancel.ts';
import { registerLocalPortalPage } from './local-provider/local-portal-page.ts';
import type { ApiDocument } from './pages/api-reference-view.ts';
import { registerInvitationPage } from './pages/invitation-page.ts';
import { registerPricingCheckout } from './pages/pricing-checkout.ts';
import { registerDevInboxPages } from './pages/register-dev-inbox-pages.ts';
import { registerPublicPages } from './pages/register-public-pages.ts';
import { registerTrySubmit } from './pages/try-submit.ts';
import { registerUnsubscribeSubmit } from './pages/unsubscribe-submit.ts';
import { registerDevSignIn } from './sign-in-form.ts';
import { registerSignOut } from './sign-out.ts';

/** The services the pages read. */
export interface PageServices {
  accounts: AccountService;
  invitations: InvitationService;
  billing: BillingService;
  admissionGate: AdmissionGate;
  usageReports: UsageReports;
  onboarding: OnboardingService;
  scoring: ScoringService;
  scoreJobs: ScoreJobs;
  visitorResultPages: SharedResultCache;
  benchmarks: BenchmarkService;
  feedback: FeedbackService;
  products: ProductService;
  signals: SignalService;
  coachConversations: CoachConversations;
  apiKeys: ApiKeyService;
  webhooks: WebhookService;
  webhookDeliveries: WebhookDeliveries;
  sources: SourceConnections;
  emailPreferences: EmailPreferences;
  goals: GoalService;
  schedules: ScheduleService;
  anomalies: AnomalyService;
  moves: MoveService;
}

export interface PageContext {
  config: Config;
  clock: Clock;
  devKey: DevSigningKey | null;
  sessions: BrowserSessions;
  /** The local payment provider's checkout and portal pages are served only when it is the provider. */
  localPayments: boolean;
}

export async function registerPages(app: App, s: PageServices, context: PageContext): Promise<void> {
  const { config, clock, devKey } = context;
  const settings = { publicBaseUrl: config.publicBaseUrl };
  registerPublicPages(app, {
    settings,
    scoring: s.scoring,
    visitorPages: s.visitorResultPages,
    benchmarks: s.benchmarks,
    feedback: s.feedback,
    billing: s.billing,
    emailPreferences: s.emailPreferences,
    // The reference pages read the document the API routes, registered before the pages, generated.
    apiDocument: () => app.swagger() as unknown as ApiDocument,
  });
  // The signed-in app (/app...): pages render the account's state; their scripts act through the JSON API.
  const appPages = { settings, accounts: s.accounts, billing: s.billing, onboarding: s.onboarding };
  const dashboard = { ...appPages, scoring: s.scoring, products: s.products, usageReports: s.usageReports, benchmarks: s.benchmarks, signals: s.signals };
  registerDashboardPages(app, { ...dashboard, goals: s.goals, schedules: s.schedules, anomalies: s.anomalies });
  const loop = { ...appPages, products: s.products, anomalies: s.anomalies, moves: s.moves };
  registerLoopPages(app, loop);
  registerCoachPage(app, { ...appPages, scoring: s.scoring, conversations: s.coachConversations });
  registerSettingsPages(app, {
    ...appPages,
    ...{ apiKeys: s.apiKeys, webhooks: s.webhooks, webhookDeliveries: s.webhookDeliveries, invitations: s.invitations },
    ...{ sources: s.sources, signals: s.signals, products: s.products },
  });
  registerBillingPages(app, { ...appPages, usageReports: s.usageReports });
  registerOnboardingPages(app, { ...appPages, products: s.products, emailPreferences: s.emailPreferences });
  registerInvitationPage(app, { settings, invitations: s.invitations });
  // HTML forms post form-encoded bodies; only this scope parses them, so the JSON API never accepts one
  // (a cross-site form cannot send application/json: part of the CSRF defence, docs/DECISIONS.md).
  await app.register(async (forms: App) => {
    await forms.register(formbody);
    registerTrySubmit(forms, { settings, scoring: s.scoring, scoreJobs: s.scoreJobs, admissionGate: s.admissionGate, onboarding: s.onboarding });
    registerPricingCheckout(forms, { settings, billing: s.billing });
    registerDashboardForms(forms, { ...dashboard, goals: s.goals, schedules: s.schedules, anomalies: s.anomalies });
    registerLoopForms(forms, loop);
    registerUnsubscribeSubmit(forms, { settings, emailPreferences: s.emailPreferences });
    // An API route, here because RFC 8058 one-click posts a form body (List-Unsubscribe=One-Click).
    registerPostOneClickUnsubscribe(forms, { emailPreferences: s.emailPreferences });
    registerIdentityPage(forms, 'sign-in', { config, devKey });
    registerIdentityPage(forms, 'sign-up', { config, devKey });
    if (devKey) registerDevSignIn(forms, { config, devKey, clock });
    // Whatever set the session cookie, the header's Sign out clears it.
    registerSignOut(forms, { sessions: context.sessions, publicOrigin: new URL(config.publicBaseUrl).origin });
    if (context.localPayments) {
      const localCheckout = { clock, signingSecret: config.payments.webhookSecrets[0]!, publicBaseUrl: config.publicBaseUrl };
      registerLocalCheckoutPage(forms, localCheckout);
      registerLocalCheckoutPayment(forms, { ...localCheckout, billing: s.billing });
      registerLocalPortalPage(forms, { ...localCheckout, billing: s.billing });
      registerLocalPortalCancel(forms, { ...localCheckout, billing: s.billing });
    }
  });
  if (devKey) {
    registerDevJwks(app, devKey);
    registerDevInboxPages(app, { settings, mailDirectory: mailDirectory(config.dataDir), smtpConfigured: config.mail.smtpUrl !== null });
  }
}
