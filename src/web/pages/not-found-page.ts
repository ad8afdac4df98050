/** The page a browser gets for an address that leads nowhere (an unknown result, a mistyped path). */
import type { FastifyReply } from 'fastify';
import { sendPage } from '../document.ts';
import { html } from '../view.ts';
import type { Viewer } from '../viewer.ts';
import type { PageSettings } from './page-settings.ts';

export function sendNotFoundPage(reply: FastifyReply, settings: PageSettings, viewer: Viewer, what = 'page'): FastifyReply {
  return sendPage(
    reply,
    settings,
    {
      head: { title: 'Not found', description: `This ${what} does not exist.`, path: '/', noindex: true },
      viewer,
      body: html`
        <h1>We could not find that ${what}</h1>
        <p class="lead">The address may be mistyped, or what it pointed to was deleted.</p>
        <p class="cta"><a class="button" href="/try">Score a site</a> <a class="button button-quiet" href="/">Go to the home page</a></p>
      `,
    },
    404,
  );
}
