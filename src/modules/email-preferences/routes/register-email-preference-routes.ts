/**
 * The email-preference routes under the JSON API: unsubscribe by link and a
 * member's own preferences. The one-click form post is registered with the
 * other form routes (it reads a form body). Gathered so the composition root
 * registers them in one line.
 */
import type { App } from '../../../http/app-types.ts';
import type { EmailPreferences } from '../email-preferences.ts';
import { registerGetOneClickUnsubscribe } from './get-one-click-unsubscribe.ts';
import { registerGetOwnEmailPreferences } from './get-own-email-preferences.ts';
import { registerGetUnsubscribe } from './get-unsubscribe.ts';
import { registerPostUnsubscribe } from './post-unsubscribe.ts';
import { registerPutOwnEmailPreferences } from './put-own-email-preferences.ts';

export function registerEmailPreferenceRoutes(app: App, deps: { emailPreferences: EmailPreferences }): void {
  registerGetUnsubscribe(app, deps);
  registerPostUnsubscribe(app, deps);
  registerGetOneClickUnsubscribe(app);
  registerGetOwnEmailPreferences(app, deps);
  registerPutOwnEmailPreferences(app, deps);
}
