/**
 * Accepting an invitation is a person's act: a session cookie from another
 * site is refused (403, the CSRF defence every state-changing route has),
 * and an API key, which speaks for an account, is no credential for it
 * (401); the same person's session from our own pages accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../test/fakes/smtp-server.ts';
import { AUTH_REQUIRED_BODY, FORBIDDEN_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { apiCaller, invitationMailTo, tokenIn } from '../../../../test/invitation-client.ts';

const BASE = 'https://scores.example.test';

describe('accepting an invitation', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  const owner = { sub: 'sec_owner', account: 'org_sec_invites', role: 'owner' as const, email: 'owner@sec.test' };
  let token: string;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE } });
    const api = apiCaller(t, await t.listen());
    const accountId = await accountIdOf(t, owner);
    await subscribe(t, accountId, 'business');
    await api(owner, 'POST', '/api/account/invitations', { email: 'una@sec.test' });
    token = tokenIn(await invitationMailTo(t, smtp, 'una@sec.test'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const accept = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: { 'content-type': 'application/json', ...headers }, payload: { token } });

  it('refuses a session cookie sent from another site', async () => {
    const cookie = `__session=${await t.token({ sub: 'sec_una', email: 'una@sec.test' })}`;
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<string, string>[]) {
      const refused = await accept({ cookie, ...headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(FORBIDDEN_BODY);
    }
    const ours = await accept({ cookie, 'sec-fetch-site': 'same-origin', origin: BASE });
    expect(ours.statusCode).toBe(200);
  });

  it('takes no API key: a key acts for an account, not for a person', async () => {
    const created = await t.services.apiKeys.create(await accountIdOf(t, owner), 'CI', 'sec_owner');
    if (!created.ok) throw new Error('the key was refused');
    const refused = await accept({ authorization: `Bearer ${created.key.key}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(AUTH_REQUIRED_BODY);
  });
});
