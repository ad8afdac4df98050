/** GET /app/settings: the account page (account-view.ts). */
import type { App } from '../../../http/app-types.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps } from '../app-visit.ts';
import { AccountSettings } from './account-view.ts';

export function registerAccountPage(app: App, deps: AppPageDeps): void {
  app.get(APP_PATHS.account, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Account',
      path: APP_PATHS.account,
      section: 'account',
      body: html`<${AccountSettings} visit=${visit} />`,
      scripts: ['settings.js'],
      styles: ['settings.css'],
    });
  });
}
