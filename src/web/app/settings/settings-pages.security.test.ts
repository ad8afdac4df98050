/**
 * Who sees what on the settings pages: a visitor is sent to sign in and
 * back; a member sees no button the API would refuse (rename, remove,
 * delete, create or revoke a key); an admin sees all but deletion; a
 * deleted account's session leads to sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { DevTokenClaims } from '../../../identity/dev-identity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PAGES = ['/app/settings', '/app/settings/team', '/app/settings/api-keys'];
const ADMIN_ACTIONS = ['data-rename-form', 'data-remove-member', 'data-delete-form', 'data-create-key-form', 'data-revoke-key'];

async function visit(url: string, claims: DevTokenClaims) {
  return t.app.inject({ method: 'GET', url, cookies: { __session: await t.token(claims) } });
}

/** The account's owner, an admin and a member, on Business (seats for all, keys allowed), with one key. */
async function businessTeam(org: string) {
  const owner = { sub: `${org}_owner`, account: org, role: 'owner' as const };
  const admin = { sub: `${org}_admin`, account: org, role: 'admin' as const };
  const member = { sub: `${org}_member`, account: org, role: 'member' as const };
  await subscribe(t, await accountIdOf(t, owner), 'business');
  await accountIdOf(t, admin);
  await accountIdOf(t, member);
  const created = await t.app.inject({ method: 'POST', url: '/api/keys', headers: await t.authHeaders(owner), payload: { name: `${org} key` } });
  expect(created.statusCode).toBe(201);
  return { owner, admin, member };
}

describe('the settings pages and who may act', () => {
  it('sends a visitor to sign in, coming back to the page', async () => {
    for (const url of PAGES) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(303);
      expect(page.headers.location, url).toBe(`/sign-in?${new URLSearchParams({ next: url })}`);
    }
  });

  it("shows a member the account, the team and the plan, but none of the admins' actions", async () => {
    const { member } = await businessTeam('org_sec_m');
    for (const url of PAGES) {
      const page = await visit(url, member);
      expect(page.statusCode, url).toBe(200);
      for (const action of ADMIN_ACTIONS) expect(page.body, `${url}: ${action}`).not.toContain(action);
      expect(page.body, url).not.toContain('<dialog');
    }
    const keys = await visit('/app/settings/api-keys', member);
    expect(keys.body).toContain("Owners and admins create and revoke the account's keys.");
    expect(keys.body).not.toContain('org_sec_m key');
    const account = await visit('/app/settings', member);
    expect(account.body).toContain('Owners and admins can rename the account.');
    expect(account.body).toContain('Only the account');
    // The plan is shown, not linked: billing is not theirs.
    expect(account.body).not.toContain('href="/app/settings/billing">Business');
    expect(account.body).toContain('One sign-in is one account');
  });

  it('shows an admin every action but deletion, and the owner all of them', async () => {
    const { owner, admin } = await businessTeam('org_sec_a');
    const adminAccount = await visit('/app/settings', admin);
    expect(adminAccount.body).toContain('data-rename-form');
    expect(adminAccount.body).not.toContain('data-delete-form');
    expect((await visit('/app/settings/team', admin)).body).toContain('data-remove-member="org_sec_a_member"');
    const adminKeys = await visit('/app/settings/api-keys', admin);
    expect(adminKeys.body).toContain('data-create-key-form');
    expect(adminKeys.body).toContain('org_sec_a key');
    expect(adminKeys.body).toContain('data-revoke-key=');
    expect((await visit('/app/settings', owner)).body).toContain('data-delete-form');
    // Nobody is offered to remove an owner or themselves (the API refuses both).
    const ownerTeam = await visit('/app/settings/team', owner);
    expect(ownerTeam.body).not.toContain('data-remove-member="org_sec_a_owner"');
    expect(ownerTeam.body).toContain('data-remove-member="org_sec_a_admin"');
  });

  it("sends a deleted account's session to sign-in on every page", async () => {
    const owner = { sub: 'sec_deleted', account: 'org_sec_deleted', role: 'owner' as const };
    await accountIdOf(t, owner);
    const cookies = { __session: await t.token(owner) };
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      cookies,
      headers: { origin: t.config.publicBaseUrl },
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);
    for (const url of PAGES) {
      const page = await t.app.inject({ method: 'GET', url, cookies });
      expect(page.statusCode, url).toBe(303);
      expect(page.headers.location, url).toMatch(/^\/sign-in\?next=/);
    }
  });
});
