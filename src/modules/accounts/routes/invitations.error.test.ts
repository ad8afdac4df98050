/**
 * Invitations refused (issue 23, part 4), over real HTTP: members may not
 * invite, list or revoke (403 FORBIDDEN as the spec words it); addresses
 * checked per field; a member's address refused plainly; seats held by
 * members and open invitations (402 PLAN_LIMIT_REACHED at invite and at
 * accept time); an expired, unknown or other person's link says so; one
 * account cannot revoke another's invitation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../test/fakes/smtp-server.ts';
import { AUTH_REQUIRED_BODY, FORBIDDEN_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { apiCaller, invitationMailTo, tokenIn } from '../../../../test/invitation-client.ts';

describe('invitations refused', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  let api: ReturnType<typeof apiCaller>;
  const clock = new ManualClock(new Date());
  const owner = { sub: 'ref_owner', account: 'org_refusals', role: 'owner' as const, email: 'owner@refusals.test' };
  const member = { sub: 'ref_member', account: 'org_refusals', role: 'member' as const, email: 'member@refusals.test' };
  let accountId: string;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    t = await startTestApp({ clock, env: { SMTP_URL: smtp.url } });
    api = apiCaller(t, await t.listen());
    accountId = await accountIdOf(t, owner);
    await subscribe(t, accountId, 'pro', clock.now());
    await accountIdOf(t, member);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('lets only owners and admins invite, list and revoke', async () => {
    const invited = await api(owner, 'POST', '/api/account/invitations', { email: 'pat@refusals.test' });
    expect(invited.status).toBe(201);
    for (const [method, path, body] of [
      ['POST', '/api/account/invitations', { email: 'x@refusals.test', role: 'member' }],
      ['GET', '/api/account/invitations', undefined],
      ['DELETE', `/api/account/invitations/${invited.body.id}`, undefined],
    ] as const) {
      const refused = await api(member, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toEqual(FORBIDDEN_BODY);
    }
    const anonymous = await api(null, 'POST', '/api/invitations/accept', { token: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(AUTH_REQUIRED_BODY);
    expect((await api(owner, 'DELETE', `/api/account/invitations/${invited.body.id}`)).status).toBe(200);
  });

  it('names the address field when it is empty or not an address', async () => {
    for (const [email, message] of [
      ['  ', 'Enter the email address to invite.'],
      ['not-an-address', 'Enter an email address, like name@example.com.'],
    ]) {
      const refused = await api(owner, 'POST', '/api/account/invitations', { email, role: 'member' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'body.email', message }] });
    }
    const owners = await api(owner, 'POST', '/api/account/invitations', { email: 'o@refusals.test', role: 'owner' });
    expect(owners.status).toBe(400);
  });

  it('refuses an address that is already a member, plainly', async () => {
    const refused = await api(owner, 'POST', '/api/account/invitations', { email: 'Member@Refusals.test' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: 'Member@Refusals.test is already a member of this account.' });
    expect(refused.body.details).toEqual([{ field: 'body.email', message: 'Someone with this address is already a member of this account.' }]);
  });

  it('counts open invitations against the seats, and checks them again at acceptance', async () => {
    // Pro has 3 seats: the owner and the member hold two; one invitation takes the third.
    const first = await api(owner, 'POST', '/api/account/invitations', { email: 'quinn@refusals.test' });
    expect(first.status).toBe(201);
    const full = await api(owner, 'POST', '/api/account/invitations', { email: 'rae@refusals.test' });
    expect(full.status).toBe(402);
    expect(full.body).toEqual({
      error: {
        code: 'PLAN_LIMIT_REACHED',
        message: 'The Pro plan includes 3 seats, and members and pending invitations take all of them.',
        action: 'Upgrade for more seats, revoke a pending invitation, or remove a member, then invite again.',
        retryable: false,
      },
    });
    // Re-inviting the same address takes no second seat.
    expect((await api(owner, 'POST', '/api/account/invitations', { email: 'quinn@refusals.test', role: 'admin' })).status).toBe(201);
    const token = tokenIn(await invitationMailTo(t, smtp, 'quinn@refusals.test'));
    // Meanwhile the identity provider brings someone in: the team fills the seats.
    await accountIdOf(t, { sub: 'ref_joiner', account: 'org_refusals', role: 'member', email: 'joiner@refusals.test' });
    const refused = await api({ sub: 'ref_quinn', email: 'quinn@refusals.test' }, 'POST', '/api/invitations/accept', { token });
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toBe("Every seat of Organisation org_refusals's plan is taken, so you cannot join yet.");
    // The invitation stays usable once a seat is free.
    expect((await api(owner, 'DELETE', '/api/account/members/ref_joiner')).status).toBe(200);
    expect((await api({ sub: 'ref_quinn', email: 'quinn@refusals.test' }, 'POST', '/api/invitations/accept', { token })).status).toBe(200);
  });

  it('says plainly when a link is unknown, expired or meant for another address', async () => {
    await api(owner, 'DELETE', '/api/account/members/ref_quinn');
    const unknown = await api(member, 'POST', '/api/invitations/accept', { token: 'not-a-token-we-issued' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This invitation link is not valid. Check that the whole link was copied, or ask for a new invitation.');

    await api(owner, 'POST', '/api/account/invitations', { email: 'sam@refusals.test' });
    const token = tokenIn(await invitationMailTo(t, smtp, 'sam@refusals.test'));
    const other = await api({ sub: 'ref_other', email: 'other@refusals.test' }, 'POST', '/api/invitations/accept', { token });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This invitation was sent to sam@refusals.test, and you are signed in as other@refusals.test.',
      details: { action: 'Sign out, then sign in as sam@refusals.test to accept it.' },
    });

    clock.advance(7 * 86_400_000);
    const listed = await api(owner, 'GET', '/api/account/invitations');
    expect(listed.body.invitations).toContainEqual(expect.objectContaining({ email: 'sam@refusals.test', status: 'expired' }));
    const expired = await api({ sub: 'ref_sam', email: 'sam@refusals.test' }, 'POST', '/api/invitations/accept', { token });
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ message: 'This invitation to Organisation org_refusals has expired.', details: { status: 'expired' } });
  });

  it("keeps one account's invitations from another account's admins", async () => {
    const invited = await api(owner, 'POST', '/api/account/invitations', { email: 'tess@refusals.test' });
    const stranger = { sub: 'ref_stranger', account: 'org_strangers', role: 'owner' as const, email: 'stranger@refusals.test' };
    expect((await api(stranger, 'GET', '/api/account/invitations')).body.invitations).toEqual([]);
    expect((await api(stranger, 'DELETE', `/api/account/invitations/${invited.body.id}`)).status).toBe(404);
    expect((await api(owner, 'GET', '/api/account/invitations')).body.invitations).toContainEqual(expect.objectContaining({ id: invited.body.id }));
  });
});
