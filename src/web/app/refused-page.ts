/**
 * What an app page answers when the visitor's session is valid but their
 * account turns them away, as a member without a seat is: the account's own
 * words and what to do, and sign-out to use another sign-in. Redirecting to
 * sign-in would only bring them back here.
 */
import type { FastifyReply } from 'fastify';
import { sendPage } from '../document.ts';
import type { PageSettings } from '../pages/page-settings.ts';
import { html } from '../view.ts';

/** Signed in (the header offers sign-out), though with no account to show. */
const REFUSED_VIEWER = { signedIn: true, email: null, role: null };

/** The refusal's words and status (an ApiError's, from request.pageRefusal). */
export interface Refusal {
  status: number;
  message: string;
  action: string | undefined;
}

export function sendRefusedPage(reply: FastifyReply, settings: PageSettings, refusal: Refusal): FastifyReply {
  reply.header('cache-control', 'private, no-store');
  return sendPage(
    reply,
    settings,
    {
      head: { title: 'No access to this account', description: refusal.message, path: '/app', noindex: true },
      viewer: REFUSED_VIEWER,
      body: html`
        <h1>You cannot use this account right now</h1>
        <p class="lead">${refusal.message}</p>
        ${refusal.action ? html`<p>${refusal.action}</p>` : null}
        <p>To work in another account, sign out and sign in to it.</p>
        <form method="post" action="/sign-out" class="cta"><button type="submit" class="button">Sign out</button></form>
      `,
    },
    refusal.status,
  );
}
