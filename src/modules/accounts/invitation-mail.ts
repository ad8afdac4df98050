/**
 * The invitation mail: who invites the reader to which account, with what
 * role, the link that accepts, and when it stops working. Transactional
 * ('account'): the reader asked nobody for it, but it is about joining an
 * account, and an opt-out must not swallow it. Enqueued in the inviting
 * transaction, so a rolled-back invitation sends nothing.
 */
import type { Transaction } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import { enqueueMail } from '../../mail/send-mail-job.ts';
import type { InvitationMailContent } from './invitations.ts';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function invitationMail(jobs: JobQueue) {
  return async (tx: Transaction, content: InvitationMailContent, accountId: string, invitationId: string): Promise<void> => {
    const role = content.role === 'admin' ? 'an admin' : 'a member';
    const until = DAY.format(content.expiresAt);
    const subject = `${content.invitedBy} invited you to ${content.accountName} on Maturity Scoring`;
    const text = [
      `${content.invitedBy} invited you to join ${content.accountName} on Maturity Scoring as ${role}.`,
      `Accept the invitation: ${content.link}`,
      `The link works once, until ${until}. Sign in (or sign up) with this address, ${content.to}, to accept it.`,
      'If you did not expect this invitation, ignore this mail: nothing happens unless you accept.',
    ].join('\n\n');
    const html = [
      `<p>${escapeHtml(content.invitedBy)} invited you to join <strong>${escapeHtml(content.accountName)}</strong> on Maturity Scoring as ${role}.</p>`,
      `<p><a href="${escapeHtml(content.link)}">Accept the invitation</a></p>`,
      `<p>The link works once, until ${until}. Sign in (or sign up) with this address, ${escapeHtml(content.to)}, to accept it.</p>`,
      '<p>If you did not expect this invitation, ignore this mail: nothing happens unless you accept.</p>',
    ].join('');
    await enqueueMail(jobs, tx, { to: content.to, subject, text, html, category: 'account' }, { accountId, dedupeKey: `invitation ${invitationId}` });
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
