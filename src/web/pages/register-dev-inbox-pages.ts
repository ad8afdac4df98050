/** The development inbox (built-in identity provider only): the list of mail the embedded mailer wrote, and one message. */
import type { App } from '../../http/app-types.ts';
import { registerDevInboxMessagePage } from './dev-inbox-message-page.ts';
import { registerDevInboxPage } from './dev-inbox-page.ts';
import type { PageSettings } from './page-settings.ts';

export function registerDevInboxPages(app: App, deps: { settings: PageSettings; mailDirectory: string; smtpConfigured: boolean }): void {
  registerDevInboxPage(app, deps);
  registerDevInboxMessagePage(app, deps);
}
