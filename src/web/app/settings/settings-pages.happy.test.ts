/** The settings pages as an owner sees them: the account, its team with seats, and its API keys by plan. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { DevTokenClaims } from '../../../identity/dev-identity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function visit(url: string, claims: DevTokenClaims) {
  return t.app.inject({ method: 'GET', url, cookies: { __session: await t.token(claims) } });
}

/** The page's text without its tags, spaces collapsed. */
function textOf(body: string): string {
  return body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('GET /app/settings', () => {
  it("shows an owner the account's details, the rename form, the one-account note and the danger zone", async () => {
    const owner = { sub: 'acct_owner', account: 'org_acct', role: 'owner' as const, email: 'owner@example.com' };
    await t.app.inject({ method: 'PUT', url: '/api/account', headers: await t.authHeaders(owner), payload: { name: '  Acme Product  ' } });
    const page = await visit('/app/settings', owner);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const text = textOf(page.body);
    expect(text).toContain('Name Acme Product');
    expect(text).toContain('Kind Organisation');
    expect(text).toContain('Your role Owner');
    expect(text).toContain(
      'You are signed in to Acme Product as owner@example.com . One sign-in is one account: to work in another organisation, sign out and sign in to it.',
    );
    expect(page.body).toContain('data-rename-form');
    expect(page.body).toContain('value="Acme Product"');
    expect(page.body).toContain('data-delete-form');
    expect(page.body).toContain('Type DELETE to confirm');
    expect(page.body).toMatch(/<button type="submit" class="button button-danger" disabled(="")?>Delete this account<\/button>/);
    expect(page.body).toContain('<a href="/app/settings/billing">Free</a>');
    expect(page.body).toMatch(/<script type="module" src="\/assets\/settings\.js\?v=/);
  });

  it('says a personal account is personal', async () => {
    const page = await visit('/app/settings', { sub: 'acct_personal' });
    expect(textOf(page.body)).toContain('Kind Personal account');
  });
});

describe('GET /app/settings/team', () => {
  it('lists members with roles and seats, and offers to remove only those who can be removed', async () => {
    const owner = { sub: 'team_owner', account: 'org_team', role: 'owner' as const };
    await accountIdOf(t, owner);
    await accountIdOf(t, { sub: 'team_admin', account: 'org_team', role: 'admin' });
    // Free has one seat, held by the owner: the member is recorded, waiting for one (their own request is refused).
    await t.app.inject({ method: 'GET', url: '/api/account', headers: await t.authHeaders({ sub: 'team_member', account: 'org_team', role: 'member' }) });
    const page = await visit('/app/settings/team', owner);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('team_owner (you) Owner');
    expect(text).toMatch(/team_admin Admin .* Holds a seat/);
    expect(text).toMatch(/team_member Member .* Waiting for a seat/);
    expect(text).toContain('The Free plan includes 1 seat; 2 are held (owners and admins always hold one). 1 waiting for a seat');
    const removable = [...page.body.matchAll(/data-remove-member="([^"]+)"/g)].map((match) => match[1]);
    expect(removable).toEqual(['team_admin', 'team_member']);
    expect(page.body).toContain('<dialog class="confirm-dialog"');
  });

  it('says a personal account has one member', async () => {
    const page = await visit('/app/settings/team', { sub: 'team_personal' });
    expect(textOf(page.body)).toContain('This is a personal account: you are its one member.');
    expect(page.body).not.toContain('data-remove-member');
  });
});

describe('GET /app/settings/api-keys', () => {
  it('explains on Free which plans include keys, with the way to upgrade, and offers no key', async () => {
    const page = await visit('/app/settings/api-keys', { sub: 'keys_page_free', account: 'org_keys_free', role: 'owner' });
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('API keys come with Business and Enterprise');
    expect(text).toContain('Your account is on the Free plan, which does not include programmatic access.');
    expect(page.body).toContain('<a href="/app/settings/billing">Change the plan in Billing</a>');
    expect(page.body).not.toContain('data-create-key-form');
  });

  it('lets an admin on Business create keys, and lists them with their creation and last use', async () => {
    const admin = { sub: 'keys_page_admin', account: 'org_keys_business', role: 'admin' as const };
    await subscribe(t, await accountIdOf(t, admin), 'business');
    const created = await t.app.inject({ method: 'POST', url: '/api/keys', headers: await t.authHeaders(admin), payload: { name: 'CI pipeline' } });
    const key = created.json() as { id: string; key: string; prefix: string };
    await t.app.inject({ method: 'POST', url: '/api/keys', headers: await t.authHeaders(admin), payload: { name: 'Unused' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers: { authorization: `Bearer ${key.key}` } })).statusCode).toBe(200);

    const page = await visit('/app/settings/api-keys', admin);
    expect(page.body).toContain('data-create-key-form');
    expect(page.body).toContain('data-key-reveal');
    expect(page.body).not.toContain(key.key);
    const text = textOf(page.body);
    expect(text).toMatch(new RegExp(`CI pipeline ${key.prefix}… \\d+ \\w+ \\d{4} \\d+ \\w+ \\d{4} at \\d{2}:\\d{2} UTC Revoke CI pipeline`));
    expect(text).toMatch(/Unused msk_\S+… \d+ \w+ \d{4} Never Revoke Unused/);
    expect(page.body).toContain(`data-revoke-key="${key.id}"`);
  });

  it("shows no keys to another account's admin", async () => {
    const other = { sub: 'keys_page_other', account: 'org_keys_other', role: 'owner' as const };
    await subscribe(t, await accountIdOf(t, other), 'business');
    const page = await visit('/app/settings/api-keys', other);
    expect(page.body).not.toContain('<tr data-key=');
    expect(page.body).not.toContain('Unused');
  });
});
