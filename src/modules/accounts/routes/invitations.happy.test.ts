/**
 * Invitations by email (issue 23, part 4), over real HTTP and SMTP: an owner
 * invites an address with a role, the mail carries a single-use link, the
 * invited person accepts it signed in and acts in the organisation with
 * that role; re-inviting replaces, revoking kills the link; a removed person
 * comes back only through a new invitation; erasure takes the invitations.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../test/fakes/smtp-server.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { apiCaller, invitationMailTo, tokenIn } from '../../../../test/invitation-client.ts';

const BASE = 'https://scoring.example.test';

describe('invitations by email', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  let api: ReturnType<typeof apiCaller>;
  const owner = { sub: 'inv_owner', account: 'org_invites', role: 'owner' as const, email: 'owner@acme.test' };
  let accountId: string;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE } });
    api = apiCaller(t, await t.listen());
    accountId = await accountIdOf(t, owner);
    await subscribe(t, accountId, 'business');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails a single-use link that signs the invited person into the organisation with the role', async () => {
    const before = Date.now();
    const invited = await api(owner, 'POST', '/api/account/invitations', { email: ' Ann@Acme.TEST ', role: 'admin' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'ann@acme.test', role: 'admin', invitedByUserId: 'inv_owner', status: 'pending' });
    const lifetime = new Date(invited.body.expiresAt).getTime() - new Date(invited.body.createdAt).getTime();
    expect(lifetime).toBe(7 * 86_400_000);
    expect(new Date(invited.body.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const mail = await invitationMailTo(t, smtp, 'ann@acme.test');
    expect(mail.parsed.subject).toBe('owner@acme.test invited you to Organisation org_invites on Maturity Scoring');
    expect(mail.parsed.headers.get('x-mail-category')).toBe('account');
    expect(mail.parsed.text).toContain('invited you to join Organisation org_invites on Maturity Scoring as an admin.');
    expect(mail.parsed.text).toMatch(new RegExp(`Accept the invitation: ${BASE}/invitations/[A-Za-z0-9_-]{43}`));
    expect(mail.parsed.html).toContain(`href="${BASE}/invitations/${tokenIn(mail)}"`);
    // Only a hash of the token is stored: the link in the mail is its one copy.
    const stored = rowsOf<{ token_hash: string }>(await t.database.db.execute(sql`SELECT token_hash FROM invitations WHERE email = 'ann@acme.test'`));
    expect(stored[0]!.token_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toContain(tokenIn(mail));

    const listed = await api(owner, 'GET', '/api/account/invitations');
    expect(listed.status).toBe(200);
    expect(listed.body.invitations.map((i: { email: string }) => i.email)).toEqual(['ann@acme.test']);

    // Ann signs in as herself (her session names no organisation) and accepts.
    const ann = { sub: 'inv_ann', email: 'ann@acme.test' };
    const accepted = await api(ann, 'POST', '/api/invitations/accept', { token: tokenIn(mail) });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ accountId, accountName: 'Organisation org_invites', role: 'admin', alreadyMember: false });
    const account = await api(ann, 'GET', '/api/account');
    expect(account.body).toMatchObject({ id: accountId, role: 'admin' });
    const members = await api(owner, 'GET', '/api/account/members');
    expect(members.body.members).toContainEqual(expect.objectContaining({ userId: 'inv_ann', role: 'admin', email: 'ann@acme.test', holdsSeat: true }));
    // As an admin she may invite in turn.
    expect((await api(ann, 'GET', '/api/account/invitations')).status).toBe(200);

    // Single use: the link is spent, and the invitation is no longer pending.
    const again = await api(ann, 'POST', '/api/invitations/accept', { token: tokenIn(mail) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'This invitation to Organisation org_invites was already used.' });
    expect((await api(owner, 'GET', '/api/account/invitations')).body.invitations).toEqual([]);
  });

  it('replaces the pending invitation when the same address is invited again', async () => {
    await api(owner, 'POST', '/api/account/invitations', { email: 'bob@acme.test', role: 'admin' });
    const first = tokenIn(await invitationMailTo(t, smtp, 'bob@acme.test'));
    const second = await api(owner, 'POST', '/api/account/invitations', { email: 'BOB@acme.test', role: 'member' });
    expect(second.status).toBe(201);
    const latest = tokenIn(await invitationMailTo(t, smtp, 'bob@acme.test'));
    expect(latest).not.toBe(first);
    const open = (await api(owner, 'GET', '/api/account/invitations')).body.invitations;
    expect(open).toEqual([expect.objectContaining({ id: second.body.id, email: 'bob@acme.test', role: 'member' })]);

    const bob = { sub: 'inv_bob', email: 'bob@acme.test' };
    const old = await api(bob, 'POST', '/api/invitations/accept', { token: first });
    expect(old.status).toBe(409);
    expect(old.body.message).toBe('This invitation to Organisation org_invites was withdrawn.');
    const current = await api(bob, 'POST', '/api/invitations/accept', { token: latest });
    expect(current.body).toMatchObject({ role: 'member' });
  });

  it('revokes a pending invitation: its link stops working', async () => {
    const invited = await api(owner, 'POST', '/api/account/invitations', { email: 'carl@acme.test' });
    expect(invited.body.role).toBe('member');
    const token = tokenIn(await invitationMailTo(t, smtp, 'carl@acme.test'));
    expect((await api(owner, 'DELETE', `/api/account/invitations/${invited.body.id}`)).status).toBe(200);
    const refused = await api({ sub: 'inv_carl', email: 'carl@acme.test' }, 'POST', '/api/invitations/accept', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject({ status: 'revoked' });
    expect((await api(owner, 'DELETE', `/api/account/invitations/${invited.body.id}`)).status).toBe(404);
  });

  it('lets a removed person back through a new invitation only', async () => {
    const dana = { sub: 'inv_dana', account: 'org_invites', role: 'member' as const, email: 'dana@acme.test' };
    expect((await api(dana, 'GET', '/api/account')).body.id).toBe(accountId);
    expect((await api(owner, 'DELETE', '/api/account/members/inv_dana')).status).toBe(200);
    // Removed: the provider's claims do not bring her back, and a session without them is her own account.
    expect((await api(dana, 'GET', '/api/account')).status).toBe(403);
    const personal = await api({ sub: 'inv_dana', email: 'dana@acme.test' }, 'GET', '/api/account');
    expect(personal.body.id).not.toBe(accountId);

    await api(owner, 'POST', '/api/account/invitations', { email: 'dana@acme.test', role: 'member' });
    const token = tokenIn(await invitationMailTo(t, smtp, 'dana@acme.test'));
    // Accepting works from the refused session: the invitation is the way back.
    const accepted = await api(dana, 'POST', '/api/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect((await api(dana, 'GET', '/api/account')).body).toMatchObject({ id: accountId, role: 'member' });
  });

  it('erasing the account removes its invitations', async () => {
    const founder = { sub: 'inv_gone', account: 'org_invites_gone', role: 'owner' as const, email: 'gone@acme.test' };
    const goneId = await accountIdOf(t, founder);
    await subscribe(t, goneId, 'pro');
    expect((await api(founder, 'POST', '/api/account/invitations', { email: 'erin@acme.test' })).status).toBe(201);
    const count = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM invitations WHERE account_id = ${goneId}::uuid`))[0]!.n;
    expect(await count()).toBe(1);
    expect((await api(founder, 'DELETE', '/api/account/delete', { confirmation: 'DELETE' })).status).toBe(200);
    expect(await count()).toBe(0);
  });
});
