/** /api/webhooks: create (secret shown once), list, get, enable/disable, rotate, delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.authHeaders({ sub: 'hook_admin', account: 'org_hooks', role: 'admin' });
});
afterAll(() => t.close());

async function create(payload: Record<string, unknown>, headers = admin) {
  return t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload });
}

describe('webhook endpoints', () => {
  it('creates an endpoint and shows its whsec_ secret in that answer only', async () => {
    const created = await create({ url: 'https://93.184.215.14/hooks/maturity', events: ['score.completed', 'member.added'], description: 'CI' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = created.json();
    expect(body).toMatchObject({
      url: 'https://93.184.215.14/hooks/maturity',
      events: ['score.completed', 'member.added'],
      description: 'CI',
      enabled: true,
      disabledReason: null,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const one = await t.app.inject({ method: 'GET', url: `/api/webhooks/${body.id}`, headers: admin });
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('secret');
    expect(one.body).not.toContain(body.secret.slice(6));
    const list = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin });
    expect(list.json().webhooks.map((hook: { id: string }) => hook.id)).toContain(body.id);
    expect(list.body).not.toContain(body.secret.slice(6));
  });

  it('disables and enables an endpoint', async () => {
    const { id } = (await create({ url: 'https://93.184.215.14/toggle', events: ['webhook.test'] })).json();
    const disabled = await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/disable`, headers: admin });
    expect(disabled.json()).toMatchObject({ enabled: false, disabledReason: 'manual' });
    const enabled = await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/enable`, headers: admin });
    expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('rotates the secret: a new one shown once, the old one signing for 24 hours more', async () => {
    const created = (await create({ url: 'https://93.184.215.14/rotate', events: ['webhook.test'] })).json();
    const before = Date.now();
    const rotated = await t.app.inject({ method: 'POST', url: `/api/webhooks/${created.id}/rotate-secret`, headers: admin });
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json();
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(created.secret);
    const overlapEnds = new Date(body.previousSecretExpiresAt).getTime();
    expect(overlapEnds - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(overlapEnds - before).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    expect(await t.services.webhooks.signingSecrets(created.id)).toEqual([body.secret, created.secret]);
  });

  it('deletes an endpoint', async () => {
    const { id } = (await create({ url: 'https://93.184.215.14/gone', events: ['webhook.test'] })).json();
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: admin });
    expect(removed.json()).toEqual({ success: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}`, headers: admin })).statusCode).toBe(404);
  });

  it('lets an owner manage endpoints too', async () => {
    const owner = await t.authHeaders({ sub: 'hook_owner', account: 'org_hooks_owner', role: 'owner' });
    expect((await create({ url: 'https://93.184.215.14/owner', events: ['plan.changed'] }, owner)).statusCode).toBe(201);
  });
});
