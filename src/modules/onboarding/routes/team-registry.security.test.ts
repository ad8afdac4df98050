/**
 * Who may read and edit the team registry and answer the welcome interview:
 * every member reads, admin and above edit; one account never reaches
 * another's products.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { FORBIDDEN_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { ALL_OWNERS, caller, INTERVIEW } from '../../../../test/onboarding-client.ts';

let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await startTestApp();
  // Business: seats for the admin and the member.
  await subscribe(t, await accountIdOf(t, { sub: 'reg_owner', account: 'org_reg', role: 'owner' }), 'business');
  const created = await caller(t, { sub: 'reg_owner', account: 'org_reg', role: 'owner' }).addProduct('Ledgerly');
  productId = created.json().id;
});
afterAll(() => t.close());

const owner = () => caller(t, { sub: 'reg_owner', account: 'org_reg', role: 'owner' });
const admin = () => caller(t, { sub: 'reg_admin', account: 'org_reg', role: 'admin' });
const member = () => caller(t, { sub: 'reg_member', account: 'org_reg', role: 'member' });

describe('the team registry', () => {
  it('answers 401 AUTH_REQUIRED without a session, on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/team-registry'],
      ['PUT', `/api/team-registry/${crypto.randomUUID()}`],
      ['DELETE', `/api/team-registry/${crypto.randomUUID()}`],
      ['GET', '/api/onboarding/welcome-interview'],
      ['POST', '/api/onboarding/welcome-interview'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets an admin name the owners, and every member read them', async () => {
    const put = await admin().putOwners(productId, ALL_OWNERS);
    expect(put.statusCode).toBe(200);
    const read = await member().send('GET', '/api/team-registry');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      products: [{ productId, productName: 'Ledgerly', owners: ALL_OWNERS, missingFunctions: [], updatedAt: expect.any(String) }],
    });
  });

  it('refuses a member 403 FORBIDDEN on edits and on the welcome interview, and changes nothing', async () => {
    const put = await member().putOwners(productId, { strategy: { name: 'Mallory' } });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual(FORBIDDEN_BODY);
    expect((await member().send('DELETE', `/api/team-registry/${productId}`)).json()).toEqual(FORBIDDEN_BODY);
    expect((await member().answerInterview(INTERVIEW)).json()).toEqual(FORBIDDEN_BODY);
    const owners = (await member().send('GET', '/api/team-registry')).json().products[0].owners;
    expect(owners.strategy.name).not.toBe('Mallory');
    expect((await member().send('GET', '/api/onboarding/welcome-interview')).statusCode).toBe(404);
  });

  it("answers 404 for another account's product, on edit and on delete", async () => {
    const outsider = caller(t, { sub: 'reg_outsider' });
    const put = await outsider.putOwners(productId, ALL_OWNERS);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such product in this account.' });
    expect((await outsider.send('DELETE', `/api/team-registry/${productId}`)).statusCode).toBe(404);
    expect((await outsider.send('GET', '/api/team-registry')).json()).toEqual({ products: [] });
    expect((await outsider.coverage()).milestones.orgMap.completedAt).toBeNull();
  });

  it('lets the owner clear a product, and keeps the completed org map', async () => {
    const completedAt = (await owner().coverage()).milestones.orgMap.completedAt;
    expect(completedAt).toEqual(expect.any(String));
    expect((await owner().send('DELETE', `/api/team-registry/${productId}`)).json()).toEqual({ success: true });
    const [entry] = (await owner().send('GET', '/api/team-registry')).json().products;
    expect(entry).toMatchObject({ owners: {}, missingFunctions: ['strategy', 'design', 'development', 'intelligence', 'operations', 'gtm'], updatedAt: null });
    expect((await owner().coverage()).milestones.orgMap.completedAt).toBe(completedAt);
  });
});
