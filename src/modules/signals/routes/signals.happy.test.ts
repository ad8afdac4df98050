/** POST /api/signals and GET /api/signals: a valid batch stored, idempotent by client id, custom types once declared. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let admin: Record<string, string>;
let productId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.authHeaders({ sub: 'sig_admin', account: 'org_signals', role: 'admin' });
  const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: admin })).json().id;
  const created = await t.services.products.create(accountId, { name: 'Acme', url: 'https://acme.example' }, async () => null);
  if (!created.ok) throw new Error('product not created');
  productId = created.product.id;
});
afterAll(() => t.close());

const push = (signals: unknown[], headers = admin) => t.app.inject({ method: 'POST', url: '/api/signals', headers, payload: { signals } });

describe('pushed signals', () => {
  it('stores a valid batch and lists it, newest first', async () => {
    const pushed = await push([
      { type: 'github.pr_cycle_time_hours', value: 18, observedAt: '2026-11-20T12:00:00Z', productId },
      { type: 'linear.bug_share_percent', value: 12.5, observedAt: '2026-11-21T12:00:00Z' },
    ]);
    expect(pushed.statusCode).toBe(201);
    expect(pushed.headers['ratelimit-policy'] ?? pushed.headers['ratelimit']).toBeDefined();
    expect(pushed.json().signals).toHaveLength(2);
    expect(pushed.json().signals[0]).toMatchObject({ type: 'github.pr_cycle_time_hours', value: 18, productId, source: 'push', scope: null });

    const listed = (await t.app.inject({ method: 'GET', url: '/api/signals', headers: admin })).json().signals;
    expect(listed.map((s: { type: string }) => s.type)).toEqual(['linear.bug_share_percent', 'github.pr_cycle_time_hours']);
    const byProduct = (await t.app.inject({ method: 'GET', url: `/api/signals?productId=${productId}&limit=1`, headers: admin })).json().signals;
    expect(byProduct).toHaveLength(1);
  });

  it('is idempotent by client id: sending an item again stores nothing new', async () => {
    const item = { type: 'github.reverts', value: 2, observedAt: '2026-11-22T08:00:00Z', id: 'ci-run-77' };
    expect((await push([item])).json().alreadyStored).toBe(0);
    const again = await push([item]);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ signals: [], alreadyStored: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/signals?type=github.reverts', headers: admin })).json().signals).toHaveLength(1);
  });

  it('accepts a custom.<metric> once the account declares it, within its range', async () => {
    const declared = await t.app.inject({
      method: 'PUT',
      url: '/api/signal-types/custom.customer_interviews',
      headers: admin,
      payload: { unit: 'per week', description: 'Customer interviews held', minimum: 0, maximum: 100 },
    });
    expect(declared.json()).toEqual({
      type: 'custom.customer_interviews',
      unit: 'per week',
      description: 'Customer interviews held',
      minimum: 0,
      maximum: 100,
    });
    expect((await push([{ type: 'custom.customer_interviews', value: 5, observedAt: '2026-11-22T08:00:00Z' }])).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/signal-types', headers: admin })).json().customTypes).toHaveLength(1);
  });

  it('lets every member push, not only admins', async () => {
    const member = await t.authHeaders({ sub: 'sig_member', account: 'org_signals_member', role: 'member' });
    expect((await push([{ type: 'github.reverts', value: 0, observedAt: '2026-11-22T08:00:00Z' }], member)).statusCode).toBe(201);
  });

  it('lists the measured types in the metadata, with units and meanings', async () => {
    const metadata = (await t.app.inject({ method: 'GET', url: '/api/assessment/metadata', headers: admin })).json();
    expect(metadata.signalTypes).toEqual(expect.arrayContaining(['github.pr_cycle_time_hours', 'linear.issue_cycle_time_hours']));
    for (const type of metadata.signalTypes) expect(type).toMatch(/^[a-z0-9_]+\.[a-z0-9_]+$/);
    expect(metadata.measuredSignalTypes).toContainEqual({
      type: 'github.deployment_frequency_per_week',
      unit: 'per week',
      description: expect.any(String),
      minimum: 0,
      maximum: 10000,
      dimension: 'delivery_velocity',
      levelBands: { better: 'higher', bounds: [7, 1, 0.25], source: 'DORA 2023' },
    });
  });
});
