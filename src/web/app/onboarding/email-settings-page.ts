/**
 * Settings, email preferences (/app/settings/email): the signed-in person's
 * own preference record, by the address their sign-in carries (no token:
 * GET and PUT /api/account/email-preferences). Check boxes and Save
 * (onboarding.js); the page shows the saved state. Transactional mail is
 * always sent, and the page says so.
 */
import type { App } from '../../../http/app-types.ts';
import type { EmailPreferences, PreferenceState } from '../../../modules/email-preferences/email-preferences.ts';
import { CATEGORY_LABELS } from '../../../modules/email-preferences/mail-footer.ts';
import { OPT_OUT_CATEGORIES, type OptOutCategory } from '../../../vocabulary/mail-categories.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps } from '../app-visit.ts';
import { Problem, ScriptNeeded } from './page-parts.ts';

const CATEGORY_DESCRIPTIONS: Record<OptOutCategory, string> = {
  product_updates: 'New features and changes to the service.',
  ritual_emails: 'Reminders that keep onboarding and scoring on track, such as the trial nudges.',
  score_decay_reminders: "A note when a product's latest score is more than 90 days old.",
  peer_benchmark_updates: 'How your scores compare with similar companies, once peer benchmarks exist.',
  weekly_digest: 'Once a week: your scores, what changed and your usage.',
  anomaly_alerts: 'When a new score shows a level lost, the total down or a page with evidence gone (to owners and admins).',
};

function PreferencesForm({ state }: { state: PreferenceState }) {
  return html`<form class="flow-form" data-form="email-preferences" novalidate>
    <fieldset class="choices">
      <legend>Emails you may turn off</legend>
      ${OPT_OUT_CATEGORIES.map(
        (category) => html`<div class="choice">
          <input type="checkbox" id=${`pref-${category}`} name=${category} checked=${state.subscriptions[category]} aria-describedby=${`pref-${category}-hint`} />
          <label for=${`pref-${category}`}>${CATEGORY_LABELS[category]}</label>
          <p class="hint" id=${`pref-${category}-hint`}>${CATEGORY_DESCRIPTIONS[category]}</p>
        </div>`,
      )}
    </fieldset>
    <${Problem} id="email-problem" />
    <p class="cta"><button class="button" type="submit">Save preferences</button></p>
    <p class="form-status" role="status" data-status></p>
    <${ScriptNeeded} action="Saving preferences" />
  </form>`;
}

function EmailSettings({ state }: { state: PreferenceState | null }) {
  return html`
    <h1>Email preferences</h1>
    ${
      state
        ? html`<p class="lead">Which of our emails reach <strong>${state.email}</strong>. The same choices as the link at the foot of every email.</p>
          <${PreferencesForm} state=${state} />`
        : html`<p class="lead">Your sign-in carries no email address, so we send you no email and there is nothing to choose here.</p>`
    }
    <p>Email about your account, billing and security is always sent: it is how we reach you about things you must know, and it cannot be turned off.</p>
  `;
}

export function registerEmailSettingsPage(app: App, deps: AppPageDeps & { emailPreferences: EmailPreferences }): void {
  app.get(APP_PATHS.email, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const email = visit.principal.email?.trim() ? visit.principal.email : null;
    const state = email ? await deps.emailPreferences.stateForAddress(email) : null;
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Email preferences',
      path: APP_PATHS.email,
      section: 'email',
      body: html`<${EmailSettings} state=${state} />`,
      scripts: ['onboarding.js'],
      styles: ['onboarding.css'],
    });
  });
}
