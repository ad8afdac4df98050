/**
 * Small pieces the billing, email preferences and onboarding pages share:
 * how a day reads, the region where the API's refusal of an action appears
 * (onboarding.js and billing.js fill it), and the note for visitors without
 * JavaScript (the pages' actions are their scripts calling the JSON API).
 */
import { html } from '../../view.ts';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "25 November 2026": the same day in every time zone. */
export function Day({ at }: { at: Date | string }) {
  const date = new Date(at);
  return html`<time datetime=${date.toISOString()}>${DAY.format(date)}</time>`;
}

/** Filled by the page's script with the API's message, and its advice when it gives one. */
export function Problem({ id }: { id: string }) {
  return html`<div id=${id} class="form-problem" role="alert" data-problem></div>`;
}

/** What a page says where an action needs its script. */
export function ScriptNeeded({ action }: { action: string }) {
  return html`<noscript><p class="hint">${action} needs JavaScript, which is off in this browser.</p></noscript>`;
}
