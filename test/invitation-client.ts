/**
 * Invitation tests' helpers: calls over real HTTP (fetch against the
 * listening app), and the link read back from the mail the SMTP server got.
 */
import type { DevTokenClaims } from '../src/identity/dev-identity.ts';
import type { FakeSmtpServer, ReceivedMail } from './fakes/smtp-server.ts';
import type { TestApp } from './harness.ts';

export interface ApiAnswer {
  status: number;
  body: any;
}

export function apiCaller(t: TestApp, baseUrl: string) {
  return async (claims: DevTokenClaims | null, method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (claims) headers.authorization = `Bearer ${await t.token(claims)}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, baseUrl), { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
}

/** The invitation mail to `address` (the latest one), once the runner has sent it. */
export async function invitationMailTo(t: TestApp, smtp: FakeSmtpServer, address: string): Promise<ReceivedMail> {
  await t.services.jobRunner.runDue();
  const mails = smtp.received.filter((mail) => mail.to.includes(address) && /invited you/.test(mail.parsed.subject ?? ''));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no invitation mail to ${address}`);
  return mail;
}

/** The token in the mail's link (its text part: /invitations/<token>). */
export function tokenIn(mail: ReceivedMail): string {
  const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error('no invitation link in the mail');
  return match[1]!;
}
