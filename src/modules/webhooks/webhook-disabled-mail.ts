/**
 * The transactional mail to an account's owners when an endpoint is disabled
 * after its deliveries failed for the whole retry horizon. Enqueued in the
 * transaction that disables the endpoint, once per owner and disabling.
 */
import type { Executor } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import { enqueueMail } from '../../mail/send-mail-job.ts';
import type { EndpointDisabledNotice } from './webhook-deliveries.ts';

/** The addresses of the account's owners (the accounts module). */
export type OwnerAddresses = (accountId: string) => Promise<string[]>;

export function endpointDisabledMail(deps: { jobs: JobQueue; owners: OwnerAddresses; publicBaseUrl: string }): EndpointDisabledNotice {
  return { recipients: deps.owners, send };

  async function send(executor: Executor, recipients: string[], accountId: string, webhook: { id: string; url: string }, at: Date): Promise<void> {
    const settings = new URL('/app/settings', deps.publicBaseUrl).href;
    const text = [
      `Deliveries to your webhook endpoint ${webhook.url} failed for 3 days, so we disabled it.`,
      'Events are no longer sent to it. Once the receiver works again, enable the endpoint (POST /api/webhooks/<id>/enable) and redeliver what it missed from its delivery log.',
      `Settings: ${settings}`,
    ].join('\n\n');
    const html = `<p>Deliveries to your webhook endpoint <code>${escapeHtml(webhook.url)}</code> failed for 3 days, so we disabled it.</p><p>Events are no longer sent to it. Once the receiver works again, enable the endpoint and redeliver what it missed from its delivery log.</p><p><a href="${escapeHtml(settings)}">Settings</a></p>`;
    for (const to of recipients) {
      await enqueueMail(
        deps.jobs,
        executor,
        { to, subject: 'Your webhook endpoint was disabled', text, html, category: 'account' },
        { accountId, dedupeKey: `webhook ${webhook.id} disabled ${at.toISOString()} to ${to}` },
      );
    }
  }
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
