/**
 * GET /dev/inbox/<file>: one mail of the development inbox. The text part
 * and the message source are shown as text; the HTML part is never rendered
 * (a mail's HTML must not run in the service's own origin).
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { readInboxMessage } from '../../mail/mail-inbox.ts';
import { sendPage } from '../document.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { DEV_INBOX_PATH, devInboxMessagePath } from './dev-inbox-page.ts';
import { sendNotFoundPage } from './not-found-page.ts';
import type { PageSettings } from './page-settings.ts';

const MessageParams = Type.Object({ file: Type.String({ maxLength: 100 }) });

export function registerDevInboxMessagePage(app: App, deps: { settings: PageSettings; mailDirectory: string }): void {
  app.get(`${DEV_INBOX_PATH}/:file`, { config: { auth: 'page' }, schema: { hide: true, params: MessageParams } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const message = await readInboxMessage(deps.mailDirectory, request.params.file);
    if (!message) return sendNotFoundPage(reply, deps.settings, viewer, 'mail');
    reply.header('cache-control', 'no-store');
    return sendPage(reply, deps.settings, {
      head: {
        title: message.subject || '(no subject)',
        description: 'A mail written by the embedded mailer.',
        path: devInboxMessagePath(message.file),
        noindex: true,
      },
      viewer,
      body: html`
        <p><a href=${DEV_INBOX_PATH}>Back to the inbox</a></p>
        <h1>${message.subject || '(no subject)'}</h1>
        <dl>
          <dt>From</dt><dd>${message.from}</dd>
          <dt>To</dt><dd>${message.to}</dd>
          <dt>Date</dt><dd>${message.date}</dd>
        </dl>
        <h2>Text part</h2>
        <pre>${message.text ?? '(no text part found; see the source below)'}</pre>
        <h2>Source</h2>
        <pre>${message.source}</pre>
      `,
    });
  });
}
