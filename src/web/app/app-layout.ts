/**
 * The frame inside every app page: the app's own navigation (with the
 * current page marked), the read-only banner when the account is read-only,
 * and for settings pages the settings' sub-navigation. The site header
 * above it shows the account, its plan and sign-out (components/site-layout.ts).
 */
import type { FastifyReply } from 'fastify';
import { PLAN_NAMES } from '../../vocabulary/plans.ts';
import type { AssetName } from '../assets.ts';
import { sendPage } from '../document.ts';
import type { PageSettings } from '../pages/page-settings.ts';
import { html, type ComponentChildren } from '../view.ts';
import type { AppVisit } from './app-visit.ts';

export const APP_PATHS = {
  dashboard: '/app',
  changes: '/app/anomalies',
  moves: '/app/moves',
  intelligence: '/app/intelligence',
  coach: '/app/coach',
  onboarding: '/app/onboarding',
  account: '/app/settings',
  team: '/app/settings/team',
  apiKeys: '/app/settings/api-keys',
  webhooks: '/app/settings/webhooks',
  sources: '/app/settings/sources',
  billing: '/app/settings/billing',
  email: '/app/settings/email',
} as const;
export type AppSection = keyof typeof APP_PATHS;

const SETTINGS_SECTIONS: readonly { section: AppSection; label: string }[] = [
  { section: 'account', label: 'Account' },
  { section: 'team', label: 'Team' },
  { section: 'apiKeys', label: 'API keys' },
  { section: 'webhooks', label: 'Webhooks' },
  { section: 'sources', label: 'Sources' },
  { section: 'billing', label: 'Billing' },
  { section: 'email', label: 'Email preferences' },
];
const SETTINGS = new Set<AppSection>(SETTINGS_SECTIONS.map((entry) => entry.section));

function NavLink({ href, label, current }: { href: string; label: string; current: boolean }) {
  return html`<li><a href=${href} aria-current=${current ? 'page' : undefined}>${label}</a></li>`;
}

function onboardingLabel(visit: AppVisit): string {
  const milestones = Object.values(visit.coverage.milestones);
  const done = milestones.filter((milestone) => milestone.completedAt !== null).length;
  return done === milestones.length ? 'Onboarding' : `Onboarding (${done} of ${milestones.length})`;
}

/**
 * A milestone's blocker (the coverage record's words) for a person in the
 * app: without the API endpoint it names for API clients in parentheses,
 * since the app links the flow that does it.
 */
export function blockerForPeople(blocker: string): string {
  return blocker.replace(/\s*\((?:GET|POST|PUT|DELETE) \/api\/[^)]*\)/g, '');
}

/** Says why the account is read-only and what lifts it: the missing milestones' blockers, or a paid plan. */
export function ReadOnlyBanner({ visit }: { visit: AppVisit }) {
  if (!visit.coverage.readOnly) return null;
  const missing = Object.values(visit.coverage.milestones).filter((milestone) => milestone.completedAt === null);
  const lift = visit.may('billing:manage')
    ? html`Complete onboarding to lift it at once, or <a href=${APP_PATHS.billing}>upgrade to a paid plan</a>.`
    : html`Complete onboarding to lift it at once; an owner or admin can also upgrade to a paid plan.`;
  return html`<section class="notice notice-error read-only-banner" role="status" aria-labelledby="read-only-title">
    <h2 id="read-only-title">This account is read-only</h2>
    <p>The trial's Day 14 has passed with onboarding incomplete. You can still read everything; scoring, the coach and new keys are paused.</p>
    <ul>${missing.map((milestone) => html`<li>${blockerForPeople(milestone.blocker)}</li>`)}</ul>
    <p>${lift} <a href=${APP_PATHS.onboarding}>Open the onboarding checklist</a>.</p>
  </section>`;
}

export function AppLayout({ visit, section, children }: { visit: AppVisit; section: AppSection; children?: ComponentChildren }) {
  const inSettings = SETTINGS.has(section);
  return html`
    <nav class="app-nav" aria-label="App">
      <ul>
        <${NavLink} href=${APP_PATHS.dashboard} label="Dashboard" current=${section === 'dashboard'} />
        <${NavLink} href=${APP_PATHS.changes} label="Changes" current=${section === 'changes'} />
        <${NavLink} href=${APP_PATHS.moves} label="Moves" current=${section === 'moves'} />
        <${NavLink} href=${APP_PATHS.intelligence} label="Intelligence" current=${section === 'intelligence'} />
        <${NavLink} href=${APP_PATHS.coach} label="Coach" current=${section === 'coach'} />
        <${NavLink} href=${APP_PATHS.onboarding} label=${onboardingLabel(visit)} current=${section === 'onboarding'} />
        <${NavLink} href=${APP_PATHS.account} label="Settings" current=${inSettings} />
      </ul>
    </nav>
    <${ReadOnlyBanner} visit=${visit} />
    ${
      inSettings
        ? html`<div class="settings-frame">
          <nav class="settings-nav" aria-label="Settings">
            <ul>
              ${SETTINGS_SECTIONS.map((entry) => html`<${NavLink} href=${APP_PATHS[entry.section]} label=${entry.label} current=${entry.section === section} />`)}
            </ul>
          </nav>
          <div class="settings-content">${children}</div>
        </div>`
        : children
    }
  `;
}

export interface AppPage {
  title: string;
  /** The page's own path (with its query when it matters). */
  path: string;
  section: AppSection;
  body: ComponentChildren;
  scripts?: readonly AssetName[];
  styles?: readonly AssetName[];
}

/** Sends an app page: never indexed, the account and plan in the header, the app's frame around the body. */
export function sendAppPage(reply: FastifyReply, settings: PageSettings, visit: AppVisit, page: AppPage, status = 200): FastifyReply {
  return sendPage(
    reply,
    settings,
    {
      head: { title: page.title, description: `${page.title} for ${visit.account.name}.`, path: page.path, noindex: true },
      viewer: visit.viewer,
      account: { name: visit.account.name, plan: PLAN_NAMES[visit.plan] },
      body: html`<${AppLayout} visit=${visit} section=${page.section}>${page.body}<//>`,
      ...(page.scripts ? { scripts: page.scripts } : {}),
      ...(page.styles ? { styles: page.styles } : {}),
    },
    status,
  );
}
