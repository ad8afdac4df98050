import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/account', () => {
  it('creates a personal account on the first request and reports it with the caller as owner', async () => {
    const headers = await t.authHeaders({ sub: 'user_happy', email: 'happy@example.test' });
    const first = await t.app.inject({ method: 'GET', url: '/api/account', headers });
    expect(first.statusCode).toBe(200);
    const account = first.json();
    expect(account).toMatchObject({ name: 'happy@example.test', kind: 'personal', plan: 'free', role: 'owner' });
    expect(account.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(account.createdAt).toISOString()).toBe(account.createdAt);

    const again = await t.app.inject({ method: 'GET', url: '/api/account', headers });
    expect(again.json()).toEqual(account);
  });

  it('maps an organisation claim to a shared account with the role from the token', async () => {
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: await t.authHeaders({ sub: 'u_admin', account: 'org_shared', role: 'admin' }),
    });
    // A Free organisation has one seat: a second member needs a paid plan.
    await subscribe(t, admin.json().id, 'pro');
    const member = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: await t.authHeaders({ sub: 'u_member', account: 'org_shared', role: 'member' }),
    });
    expect(admin.json()).toMatchObject({ kind: 'organization', role: 'admin' });
    expect(member.json()).toMatchObject({ kind: 'organization', role: 'member' });
    expect(member.json().id).toBe(admin.json().id);
  });

  it('accepts the session cookie as well as the bearer header', async () => {
    const token = await t.token({ sub: 'user_cookie' });
    const response = await t.app.inject({ method: 'GET', url: '/api/account', cookies: { __session: token } });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('owner');
  });
});

describe('PUT /api/account', () => {
  it('renames the account, trimming the name, and writes an audit entry', async () => {
    const headers = await t.authHeaders({ sub: 'u_renamer', account: 'org_rename', role: 'admin' });
    const response = await t.app.inject({ method: 'PUT', url: '/api/account', headers, payload: { name: '  Acme Analytics  ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers });
    expect(account.json().name).toBe('Acme Analytics');
  });

  it('accepts a name of exactly 100 characters after trimming', async () => {
    const headers = await t.authHeaders({ sub: 'u_long', account: 'org_long', role: 'owner' });
    const name = 'x'.repeat(100);
    const response = await t.app.inject({ method: 'PUT', url: '/api/account', headers, payload: { name: `  ${name} ` } });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().name).toBe(name);
  });
});

describe('GET /api/account/members', () => {
  it("lists the team with each member's current role", async () => {
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: await t.authHeaders({ sub: 'm_owner', account: 'org_team', role: 'owner', email: 'o@team.test' }),
    });
    await subscribe(t, owner.json().id, 'pro');
    await t.app.inject({ method: 'GET', url: '/api/account', headers: await t.authHeaders({ sub: 'm_member', account: 'org_team', role: 'member' }) });
    // The provider promotes the member: the mirror follows on their next request.
    const promoted = await t.authHeaders({ sub: 'm_member', account: 'org_team', role: 'admin' });
    const response = await t.app.inject({ method: 'GET', url: '/api/account/members', headers: promoted });
    expect(response.statusCode).toBe(200);
    expect(response.json().members.map((m: { userId: string; role: string; email: string | null }) => [m.userId, m.role, m.email])).toEqual([
      ['m_owner', 'owner', 'o@team.test'],
      ['m_member', 'admin', null],
    ]);
  });
});

describe('DELETE /api/account/members/<userId>', () => {
  it("frees a departed member's seat for the next one; an admin may not remove an owner, nor anyone themselves", async () => {
    const join = async (sub: string, role: 'owner' | 'admin' | 'member') => {
      const headers = await t.authHeaders({ sub, account: 'org_seats', role });
      return { headers, response: await t.app.inject({ method: 'GET', url: '/api/account', headers }) };
    };
    const owner = await join('s_owner', 'owner');
    await subscribe(t, owner.response.json().id, 'pro');
    const admin = await join('s_admin', 'admin');
    await join('s_leaver', 'member');
    // Pro has three seats, all taken.
    expect((await join('s_newcomer', 'member')).response.statusCode).toBe(402);

    const remove = (userId: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/account/members/${userId}`, headers });
    const removed = await remove('s_leaver', admin.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await join('s_newcomer', 'member')).response.statusCode).toBe(200);
    const members = (await t.app.inject({ method: 'GET', url: '/api/account/members', headers: admin.headers })).json().members;
    expect(members.map((m: { userId: string }) => m.userId).sort()).toEqual(['s_admin', 's_newcomer', 's_owner']);

    expect((await remove('s_owner', admin.headers)).statusCode).toBe(403);
    expect((await remove('s_admin', admin.headers)).statusCode).toBe(400);
    expect((await remove('s_nobody', admin.headers)).statusCode).toBe(404);
  });
});
