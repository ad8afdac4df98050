/**
 * GET /unsubscribe?token=: the page a mail's footer links to. It shows the
 * address and each category with its state, and changes nothing by itself:
 * every change is a button, a form posted to POST /unsubscribe
 * (unsubscribe-submit.ts), because mail scanners open links.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import type { EmailPreferences, PreferenceState } from '../../modules/email-preferences/email-preferences.ts';
import { CATEGORY_LABELS, PREFERENCES_PAGE_PATH } from '../../modules/email-preferences/mail-footer.ts';
import { OPT_OUT_CATEGORIES } from '../../vocabulary/mail-categories.ts';
import { csrfToken } from '../csrf.ts';
import { sendPage } from '../document.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { usesSecureCookies, type PageSettings } from './page-settings.ts';

export const UNSUBSCRIBE_PAGE_PATH = PREFERENCES_PAGE_PATH;

export interface UnsubscribePageDeps {
  settings: PageSettings;
  emailPreferences: EmailPreferences;
}

/** What each button posts as `change`. */
export const PAGE_CHANGES = ['opt_out', 'opt_in', 'opt_out_all'] as const;

const PageQuery = Type.Object({ token: Type.Optional(Type.String()) });

/** A notice above the list: what the last button did, or why it did nothing. */
export interface PreferencesNotice {
  text: string;
  error?: boolean;
}

/** The page for a valid token, with a fresh CSRF token in every form. */
export function sendPreferencesPage(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: PageSettings,
  view: { token: string; state: PreferenceState; notice?: PreferencesNotice },
  status = 200,
): FastifyReply {
  const csrf = csrfToken(request, reply, usesSecureCookies(settings));
  const { token, state, notice } = view;
  const form = (change: (typeof PAGE_CHANGES)[number], label: string, category?: string) => html`
    <form method="post" action=${UNSUBSCRIBE_PAGE_PATH} class="inline-form">
      <input type="hidden" name="token" value=${token} />
      <input type="hidden" name="csrf" value=${csrf} />
      <input type="hidden" name="change" value=${change} />
      ${category ? html`<input type="hidden" name="category" value=${category} />` : null}
      <button type="submit" class="button button-quiet">${label}</button>
    </form>`;
  const anySubscribed = OPT_OUT_CATEGORIES.some((category) => state.subscriptions[category]);
  // The address in the page is the recipient's: no cache keeps it.
  reply.header('cache-control', 'no-store');
  return sendPage(
    reply,
    settings,
    {
      head: { title: 'Email preferences', description: 'Choose which emails you get from us.', path: UNSUBSCRIBE_PAGE_PATH, noindex: true },
      viewer: viewerOf(request),
      body: html`
        <h1>Email preferences</h1>
        <p class="lead">For <strong>${state.email}</strong></p>
        <div role="status" aria-live="polite">
          ${notice ? html`<p class=${notice.error ? 'notice notice-error' : 'notice'}>${notice.text}</p>` : null}
        </div>
        <table class="preferences">
          <tbody>
            ${OPT_OUT_CATEGORIES.map((category) => {
              const subscribed = state.subscriptions[category];
              return html`<tr data-category=${category}>
                <th scope="row">${CATEGORY_LABELS[category]}</th>
                <td>${subscribed ? 'Subscribed' : 'Unsubscribed'}</td>
                <td>${subscribed ? form('opt_out', 'Unsubscribe', category) : form('opt_in', 'Subscribe again', category)}</td>
              </tr>`;
            })}
          </tbody>
        </table>
        ${anySubscribed ? html`<p class="cta">${form('opt_out_all', 'Unsubscribe from all of these')}</p>` : null}
        <p>Mail about your account, billing and security is always sent: it is how we reach you about things you must know.</p>
      `,
    },
    status,
  );
}

/** An unknown, aged-out or missing token: one plain page, whatever the reason. */
export function sendInvalidLinkPage(request: FastifyRequest, reply: FastifyReply, settings: PageSettings): FastifyReply {
  reply.header('cache-control', 'no-store');
  return sendPage(
    reply,
    settings,
    {
      head: { title: 'Link no longer valid', description: 'This email preferences link is no longer valid.', path: UNSUBSCRIBE_PAGE_PATH, noindex: true },
      viewer: viewerOf(request),
      body: html`
        <h1>This link is no longer valid</h1>
        <p class="lead">Links in our emails stop working a year after the email was sent. The link in any newer email from us works.</p>
      `,
    },
    404,
  );
}

export function registerUnsubscribePage(app: App, deps: UnsubscribePageDeps): void {
  app.get(UNSUBSCRIBE_PAGE_PATH, { config: { auth: 'page' }, schema: { hide: true, querystring: PageQuery } }, async (request, reply) => {
    const token = request.query.token?.trim() ?? '';
    const state = token === '' ? null : await deps.emailPreferences.stateFor(token);
    if (!state) return sendInvalidLinkPage(request, reply, deps.settings);
    return sendPreferencesPage(request, reply, deps.settings, { token, state });
  });
}
