import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { accountIdOf, buyPack, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import type { paths } from '../../../../test/api-client/api-types.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { Meter, UsageReport } from './usage-schemas.ts';

const clock = new ManualClock('2026-01-31T15:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const meter = (limit: number | null, used: number): Meter => ({ limit, used, remaining: limit === null ? null : limit - used });
/** The answer as a client generated from the API document (openapi-typescript, `npm run api:client`) reads it. */
type GeneratedUsage = paths['/api/usage']['get']['responses'][200]['content']['application/json'];

describe('GET /api/usage', () => {
  it("reports a new Free account's plan, its monthly period from the account's creation, and every meter", async () => {
    const accountId = await accountIdOf(t, { sub: 'usage_free' });
    clock.advance(29 * 24 * 3600 * 1000); // 2026-03-01: the period that began on the 31st ends on the last day of February
    const headers = await t.authHeaders({ sub: 'usage_free' });
    const admission = await t.services.admissionGate.admit({
      action: 'chat',
      principal: { userId: 'usage_free', accountId, role: 'owner', email: null, method: 'session', apiKeyId: null },
      clientAddress: null,
    });
    expect(admission.ok).toBe(true);
    const response = await t.app.inject({ method: 'GET', url: '/api/usage', headers });
    expect(response.statusCode).toBe(200);
    // Typed from the route's own schema: a field renamed or retyped there fails tsc here, not only at run time.
    const expected: UsageReport = {
      plan: 'free',
      limitsPlan: 'free',
      periodStart: '2026-02-28T15:00:00.000Z',
      periodEnd: '2026-03-31T15:00:00.000Z',
      gracePeriodEndsAt: null,
      credits: meter(80, 1),
      scores: { ...meter(3, 0), packBalance: 0 },
      chatMessages: meter(30, 1),
      apiCalls: meter(0, 0),
      products: meter(1, 0),
      seats: meter(1, 1),
    };
    expect(response.json<UsageReport>()).toEqual(expected);
  });

  it('reports null limits and remaining for what Enterprise has unlimited, and the pack balance', async () => {
    const headers = await t.authHeaders({ sub: 'usage_enterprise' });
    const accountId = await accountIdOf(t, { sub: 'usage_enterprise' });
    await subscribe(t, accountId, 'enterprise', clock.now());
    await buyPack(t, accountId, 'large', clock.now());
    const usage = (await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json<GeneratedUsage>();
    // Read through the generated client's types: the fields a client compiled from the document would use.
    expect(usage.scores.packBalance).toBe(150);
    expect(usage.credits.remaining).toBeNull();
    expect(usage).toMatchObject({
      plan: 'enterprise',
      credits: meter(null, 0),
      scores: { ...meter(null, 0), packBalance: 150 },
      chatMessages: meter(null, 0),
      apiCalls: meter(100000, 0),
      products: meter(null, 0),
      seats: meter(null, 1),
    });
  });
});
