/**
 * POST /unsubscribe: a button on the preference page (unsubscribe-page.ts).
 * The token in the form is the authority, as in the API; the CSRF token keeps
 * another site from pressing the button in a visitor's browser.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import type { PreferenceChange } from '../../modules/email-preferences/email-preferences.ts';
import { CATEGORY_LABELS } from '../../modules/email-preferences/mail-footer.ts';
import { isOptOutCategory, OPT_OUT_CATEGORIES } from '../../vocabulary/mail-categories.ts';
import { hasValidCsrfToken } from '../csrf.ts';
import { PAGE_CHANGES, sendInvalidLinkPage, sendPreferencesPage, UNSUBSCRIBE_PAGE_PATH, type UnsubscribePageDeps } from './unsubscribe-page.ts';

const PreferencesForm = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200 })),
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
  change: Type.Optional(Type.Enum(PAGE_CHANGES)),
  category: Type.Optional(Type.String({ maxLength: 100 })),
});

export function registerUnsubscribeSubmit(app: App, deps: UnsubscribePageDeps): void {
  app.post(UNSUBSCRIBE_PAGE_PATH, { config: { auth: 'page' }, schema: { hide: true, body: PreferencesForm } }, async (request, reply) => {
    const { token = '', csrf, change, category = '' } = request.body;
    const state = token === '' ? null : await deps.emailPreferences.stateFor(token);
    if (!state) return sendInvalidLinkPage(request, reply, deps.settings);
    const answer = (text: string, status: number) =>
      sendPreferencesPage(request, reply, deps.settings, { token, state, notice: { text, error: true } }, status);
    if (!hasValidCsrfToken(request, csrf)) return answer('The page expired before the button was pressed. Press it again below.', 403);

    let wanted: PreferenceChange;
    let done: string;
    if (change === 'opt_out_all') {
      wanted = { optOut: [...OPT_OUT_CATEGORIES], optIn: [] };
      done = 'You are unsubscribed from all of these emails.';
    } else if ((change === 'opt_out' || change === 'opt_in') && isOptOutCategory(category)) {
      const label = CATEGORY_LABELS[category].toLowerCase();
      wanted = change === 'opt_out' ? { optOut: [category], optIn: [] } : { optOut: [], optIn: [category] };
      done = change === 'opt_out' ? `You will no longer get ${label}.` : `You will get ${label} again.`;
    } else {
      return answer('That button is not one of ours. Choose again below.', 400);
    }
    const changed = await deps.emailPreferences.change(token, wanted);
    // Aged out between the two reads: the same page as any other invalid link.
    if (!changed) return sendInvalidLinkPage(request, reply, deps.settings);
    return sendPreferencesPage(request, reply, deps.settings, { token, state: changed, notice: { text: done } });
  });
}
