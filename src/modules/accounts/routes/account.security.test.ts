import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOfAccount } from '../../../../test/account-data.ts';
import { subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { FORBIDDEN_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('account isolation and roles', () => {
  it('a member of account A can neither read nor change account B', async () => {
    const a = await t.authHeaders({ sub: 'iso_a', account: 'org_iso_a', role: 'owner' });
    const b = await t.authHeaders({ sub: 'iso_b', account: 'org_iso_b', role: 'owner' });
    const accountB = (await t.app.inject({ method: 'GET', url: '/api/account', headers: b })).json();
    await t.app.inject({ method: 'PUT', url: '/api/account', headers: b, payload: { name: 'Beta Corp' } });

    const readA = await t.app.inject({ method: 'GET', url: '/api/account', headers: a });
    expect(readA.json().id).not.toBe(accountB.id);
    await t.app.inject({ method: 'PUT', url: '/api/account', headers: a, payload: { name: 'Alpha Corp' } });
    const members = await t.app.inject({ method: 'GET', url: '/api/account/members', headers: a });
    expect(members.json().members.map((m: { userId: string }) => m.userId)).toEqual(['iso_a']);

    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: b })).json().name).toBe('Beta Corp');
    // Deleting A leaves B whole.
    const bBefore = await rowsOfAccount(t, accountB.id);
    await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: a, payload: { confirmation: 'DELETE' } });
    expect(await rowsOfAccount(t, accountB.id)).toEqual(bBefore);
  });

  it('only the owner may delete; an admin may rename; a member may do neither', async () => {
    const admin = await t.authHeaders({ sub: 'role_admin', account: 'org_roles', role: 'admin' });
    const member = await t.authHeaders({ sub: 'role_member', account: 'org_roles', role: 'member' });
    const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: admin })).json().id;
    // A Free organisation has one seat: the member needs a paid plan to get in.
    await subscribe(t, accountId, 'pro');

    const adminDelete = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: admin, payload: { confirmation: 'DELETE' } });
    expect(adminDelete.statusCode).toBe(403);
    expect(adminDelete.json()).toEqual(FORBIDDEN_BODY);
    expect((await rowsOfAccount(t, accountId)).accounts).toBe(1);

    const memberRename = await t.app.inject({ method: 'PUT', url: '/api/account', headers: member, payload: { name: 'Hijacked' } });
    expect(memberRename.statusCode).toBe(403);
    expect(memberRename.json()).toEqual(FORBIDDEN_BODY);

    const adminRename = await t.app.inject({ method: 'PUT', url: '/api/account', headers: admin, payload: { name: 'Renamed by admin' } });
    expect(adminRename.statusCode).toBe(200);
  });

  it('accepts the compact organisation claim and org:-prefixed roles from an identity provider', async () => {
    const { SignJWT } = await import('jose');
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ o: { id: 'org_compact', rol: 'admin', slg: 'compact-co' }, v: 2 })
      .setProtectedHeader({ alg: 'ES256', kid: t.devKey!.kid })
      .setSubject('compact_user')
      .setIssuer(t.config.identity.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(t.devKey!.privateKey);
    const response = await t.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'organization', name: 'compact-co', role: 'admin' });
  });
});

describe('removing a member removes them (issue 24, item 2)', () => {
  const REMOVED_BODY = {
    error: 'Forbidden: insufficient permissions',
    code: 'FORBIDDEN',
    message: 'You were removed from this account.',
    details: { action: 'Ask an owner or admin of the account to invite you again (POST /api/account/invitations).' },
  };

  it("refuses a removed member's next request with the same token, keeps them off the team, and lets them back only when invited", async () => {
    const owner = await t.authHeaders({ sub: 'rm_owner', account: 'org_rm', role: 'owner' });
    const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().id;
    await subscribe(t, accountId, 'pro');
    const member = await t.authHeaders({ sub: 'rm_member', account: 'org_rm', role: 'member' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: member })).statusCode).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/account/members/rm_member', headers: owner });
    expect(removed.statusCode).toBe(200);
    // The token still names the organisation; the service does not take it back in.
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await t.app.inject({ method: 'GET', url: '/api/account', headers: member });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual(REMOVED_BODY);
    }
    const score = await t.app.inject({ method: 'POST', url: '/api/score', headers: member, payload: { url: 'https://example.com/' } });
    expect(score.statusCode).toBe(403);
    const team = (await t.app.inject({ method: 'GET', url: '/api/account/members', headers: owner })).json().members;
    expect(team.map((m: { userId: string }) => m.userId)).toEqual(['rm_owner']);
    // A page shows the refusal in its words, not the app.
    const page = await t.app.inject({ method: 'GET', url: '/app', headers: { cookie: member.authorization!.replace('Bearer ', '__session=') } });
    expect(page.statusCode).toBe(403);

    // A member may not invite; an owner may, and the person joins again with the provider's role.
    expect((await t.app.inject({ method: 'POST', url: '/api/account/invitations', headers: member, payload: { userId: 'rm_member' } })).statusCode).toBe(403);
    const invited = await t.app.inject({ method: 'POST', url: '/api/account/invitations', headers: owner, payload: { userId: 'rm_member' } });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toEqual({ success: true });
    const back = await t.app.inject({ method: 'GET', url: '/api/account', headers: member });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: accountId, role: 'member' });
  });

  it("takes a removed admin's rights at once, and the API keys they made with them", async () => {
    const owner = await t.authHeaders({ sub: 'rma_owner', account: 'org_rma', role: 'owner' });
    const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().id;
    await subscribe(t, accountId, 'business');
    const admin = await t.authHeaders({ sub: 'rma_admin', account: 'org_rma', role: 'admin' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/account', headers: admin, payload: { name: 'Renamed by the admin' } })).statusCode).toBe(200);
    const created = await t.app.inject({ method: 'POST', url: '/api/keys', headers: admin, payload: { name: 'admin key' } });
    expect(created.statusCode).toBe(201);
    const key = { authorization: `Bearer ${created.json().key}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: key })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/members/rma_admin', headers: owner })).statusCode).toBe(200);
    const rename = await t.app.inject({ method: 'PUT', url: '/api/account', headers: admin, payload: { name: 'Renamed after removal' } });
    expect(rename.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().name).toBe('Renamed by the admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: key })).statusCode).toBe(401);
  });
});
