/**
 * GET /invitations/<token>: the page an invitation mail links to. It says
 * who invites the reader to which account, with what role; a visitor signs
 * in (or signs up) and comes back here; a signed-in person accepts with one
 * button (invitation.js calls POST /api/invitations/accept, then opens the
 * app). Opening the page changes nothing: mail scanners open links. An
 * expired, used, withdrawn or unknown link says so, and what to do.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import type { InvitationPreview, InvitationService } from '../../modules/accounts/invitations.ts';
import { ROLE_NAMES } from '../app/settings/settings-text.ts';
import { sendPage } from '../document.ts';
import { signInPath } from '../sign-in-form.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import type { PageSettings } from './page-settings.ts';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Why a link no longer works, in a heading and a sentence of what to do. */
const CLOSED: Record<Exclude<InvitationPreview['status'], 'pending'>, { title: string; text: (account: string) => string }> = {
  expired: { title: 'This invitation has expired', text: (account) => `Invitations work for 7 days. Ask an owner or admin of ${account} to invite you again.` },
  accepted: {
    title: 'This invitation was already used',
    text: (account) => `An invitation works once. If it was you, sign in to reach ${account}; if not, ask for a new invitation.`,
  },
  revoked: {
    title: 'This invitation was withdrawn',
    text: (account) => `An owner or admin of ${account} revoked it, or sent a newer one. Use the latest invitation mail, or ask for a new one.`,
  },
};

export function registerInvitationPage(app: App, deps: { settings: PageSettings; invitations: InvitationService }): void {
  app.get(
    '/invitations/:token',
    { config: { auth: 'page' }, schema: { hide: true, params: Type.Object({ token: Type.String({ maxLength: 200 }) }) } },
    async (request, reply) => {
      const { token } = request.params;
      const here = `/invitations/${encodeURIComponent(token)}`;
      const preview = await deps.invitations.preview(token);
      // The link is a credential: no cache keeps the page, and it is never indexed.
      reply.header('cache-control', 'private, no-store');
      const page = (status: number, title: string, body: unknown, scripts: 'invitation.js'[] = []) =>
        sendPage(
          reply,
          deps.settings,
          {
            head: { title, description: 'An invitation to join a team on Maturity Scoring.', path: here, noindex: true },
            viewer: viewerOf(request),
            body: html`<div class="narrow invitation">${body}</div>`,
            scripts,
          },
          status,
        );
      if (!preview) {
        return page(
          404,
          'Invitation not found',
          html`<h1>This invitation link is not valid</h1>
          <p class="lead">Check that the whole link from the mail was copied, or ask the person who invited you for a new invitation.</p>`,
        );
      }
      if (preview.status !== 'pending') {
        const closed = CLOSED[preview.status];
        return page(410, closed.title, html`<h1>${closed.title}</h1><p class="lead">${closed.text(preview.accountName)}</p>`);
      }
      // A session the account refuses (removed, no seat) is still a signed-in person: the invitation may be their way back.
      const signedIn = request.principal !== null || request.pageRefusal !== null;
      const role = ROLE_NAMES[preview.role].toLowerCase();
      const intro = html`<h1>Join ${preview.accountName}</h1>
        <p class="lead">You are invited to join <strong>${preview.accountName}</strong> on Maturity Scoring as ${preview.role === 'admin' ? 'an' : 'a'} ${role}.</p>
        <p>The invitation is for <strong>${preview.email}</strong> and works once, until ${DAY.format(preview.expiresAt)}.</p>`;
      if (!signedIn) {
        return page(
          200,
          `Join ${preview.accountName}`,
          html`${intro}
          <p>Sign in with ${preview.email} to accept it; you come back to this page.</p>
          <p class="form-actions">
            <a class="button" href=${signInPath(here)}>Sign in to accept</a>
            <a class="button button-quiet" href=${`/sign-up?${new URLSearchParams({ next: here })}`}>Create an account</a>
          </p>`,
        );
      }
      const email = request.principal?.email ?? null;
      return page(
        200,
        `Join ${preview.accountName}`,
        html`${intro}
        ${email ? html`<p>You are signed in as <strong>${email}</strong>.</p>` : null}
        <div class="action-problem" id="accept-problem" role="alert"></div>
        <p class="form-status" role="status" data-accept-status></p>
        <p class="form-actions">
          <button type="button" class="button" data-accept-invitation=${token}>Accept and join ${preview.accountName}</button>
        </p>
        <noscript><p class="hint">Accepting needs JavaScript, which is off in this browser.</p></noscript>`,
        ['invitation.js'],
      );
    },
  );
}
