/**
 * GET /dev/inbox: the mail the embedded mailer wrote under DATA_DIR/mail,
 * newest first, for a developer to read what the service sent. Registered
 * only while the development identity provider is on (a development
 * instance, where anyone may sign in as anyone anyway).
 */
import type { App } from '../../http/app-types.ts';
import { listInbox, type InboxEntry } from '../../mail/mail-inbox.ts';
import { sendPage } from '../document.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import type { PageSettings } from './page-settings.ts';

export const DEV_INBOX_PATH = '/dev/inbox';

export function devInboxMessagePath(file: string): string {
  return `${DEV_INBOX_PATH}/${encodeURIComponent(file)}`;
}

function InboxTable({ entries }: { entries: InboxEntry[] }) {
  if (entries.length === 0) return html`<p>No mail yet. Mail the service sends appears here.</p>`;
  return html`
    <table>
      <thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Date</th></tr></thead>
      <tbody>
        ${entries.map(
          (entry) => html`<tr>
            <td><a href=${devInboxMessagePath(entry.file)}>${entry.subject || '(no subject)'}</a></td>
            <td>${entry.to}</td>
            <td>${entry.date}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  `;
}

export function registerDevInboxPage(app: App, deps: { settings: PageSettings; mailDirectory: string; smtpConfigured: boolean }): void {
  app.get(DEV_INBOX_PATH, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const entries = await listInbox(deps.mailDirectory);
    reply.header('cache-control', 'no-store');
    return sendPage(reply, deps.settings, {
      head: { title: 'Development inbox', description: 'Mail written by the embedded mailer.', path: DEV_INBOX_PATH, noindex: true },
      viewer: viewerOf(request),
      body: html`
        <h1>Development inbox</h1>
        <p class="lead">
          ${
            deps.smtpConfigured
              ? 'SMTP_URL is set, so new mail goes to the SMTP server; below is what the embedded mailer wrote before.'
              : 'Every mail the service sends is written here instead of being delivered (set SMTP_URL to deliver it).'
          }
        </p>
        <${InboxTable} entries=${entries} />
      `,
    });
  });
}
