/**
 * Small pieces the settings pages share: how dates and roles read, the
 * region where an action's refusal appears, and the note for visitors
 * without JavaScript (every action here is the page's script calling the API).
 */
import type { Role } from '../../../vocabulary/roles.ts';
import { html } from '../../view.ts';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** "25 November 2026": the same day in every time zone. */
export function Day({ at }: { at: Date }) {
  return html`<time datetime=${at.toISOString()}>${DAY.format(at)}</time>`;
}

/** "25 November 2026 at 14:05 UTC": for a last use, where the hour matters. */
export function Moment({ at }: { at: Date }) {
  return html`<time datetime=${at.toISOString()}>${MOMENT.format(at)} UTC</time>`;
}

export const ROLE_NAMES: Readonly<Record<Role, string>> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** What each role may do here, in the words of http/permissions.ts. */
export const ROLE_POWERS: Readonly<Record<Role, string>> = {
  owner: 'everything, deleting the account included',
  admin: 'rename the account, manage the team, billing and API keys',
  member: 'score, read results and talk with the coach',
};

/** Where the API's refusal of an action is shown (its message, and its advice when it gives one). */
export function ActionProblem({ id }: { id: string }) {
  return html`<div id=${id} class="action-problem" role="alert" data-problem></div>`;
}

export function ScriptNeeded({ action }: { action: string }) {
  return html`<noscript><p class="hint">${action} needs JavaScript, which is off in this browser.</p></noscript>`;
}
