/**
 * Account erasure and email preferences: records are per address, not per
 * account. The addresses that leave with an erased account lose their
 * record; an address another account still holds keeps it, opt-outs and all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function join(claims: { sub: string; account: string; role: 'owner' | 'member'; email: string }) {
  const headers = await t.authHeaders(claims);
  expect((await t.app.inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(200);
  return headers;
}

describe('erasing an account', () => {
  it('forgets the records of addresses only it held and keeps those another account still holds', async () => {
    const leavingOwner = await join({ sub: 'erase_leaving', account: 'org_gone', role: 'owner', email: 'Leaving@Example.com' });
    // One address in two organisations (one seat each): the same person, one recipient.
    const sharedOwner = await join({ sub: 'erase_shared', account: 'org_erased', role: 'owner', email: 'shared@example.com' });
    await join({ sub: 'erase_shared_too', account: 'org_staying', role: 'owner', email: 'Shared@example.com' });
    const preferences = t.services.emailPreferences;
    const leaving = await preferences.tokenFor(t.database.db, 'leaving@example.com');
    const shared = await preferences.tokenFor(t.database.db, 'shared@example.com');
    await preferences.change(shared, { optOut: ['weekly_digest'], optIn: [] });

    for (const owner of [leavingOwner, sharedOwner]) {
      const erased = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
      expect(erased.statusCode).toBe(200);
    }

    expect(await preferences.stateFor(leaving)).toBeNull();
    expect(await preferences.stateFor(shared)).toMatchObject({ email: 'shared@example.com', subscriptions: { weekly_digest: false } });
  });
});
