/** GET /app/settings/team: the team page (team-view.ts), from the accounts module and the plan's seats. */
import type { App } from '../../../http/app-types.ts';
import type { InvitationService } from '../../../modules/accounts/invitations.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps } from '../app-visit.ts';
import { TeamSettings } from './team-view.ts';

export function registerTeamPage(app: App, deps: AppPageDeps & { invitations: InvitationService }): void {
  app.get(APP_PATHS.team, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const [members, entitlement, invitations] = await Promise.all([
      deps.accounts.members(visit.account.id),
      deps.billing.entitlementOf(visit.account.id),
      visit.may('account:edit') ? deps.invitations.open(visit.account.id) : null,
    ]);
    const team = { members, seats: entitlement.limits.seats, limitsPlan: entitlement.limitsPlan, invitations };
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Team',
      path: APP_PATHS.team,
      section: 'team',
      body: html`<${TeamSettings} visit=${visit} team=${team} />`,
      scripts: ['settings.js'],
      styles: ['settings.css'],
    });
  });
}
