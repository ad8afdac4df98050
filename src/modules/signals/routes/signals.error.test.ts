/** POST /api/signals refusals: every validation case is 400 SIGNAL_VALIDATION_FAILED with nothing stored; a burst is 429 SIGNAL_RATE_LIMITED. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { SIGNAL_PUSH_RATE_LIMIT } from '../../limits/policies.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.authHeaders({ sub: 'sigerr_admin', account: 'org_signal_errors', role: 'admin' });
});
afterAll(() => t.close());

const good = { type: 'github.pr_cycle_time_hours', value: 10, observedAt: '2026-11-20T12:00:00Z' };
const stored = async (headers = admin) => (await t.app.inject({ method: 'GET', url: '/api/signals', headers })).json().signals.length;

describe('POST /api/signals refusals', () => {
  it.each([
    ['a body without signals', { items: [] }, 'body.signals'],
    ['an empty batch', { signals: [] }, 'body.signals'],
    ['an item that is not an object', { signals: [good, 7] }, 'signals[1].item'],
    ['a type not of the form <source>.<metric>', { signals: [good, { ...good, type: 'cycle time' }] }, 'signals[1].type'],
    ['an unknown type', { signals: [good, { ...good, type: 'github.happiness' }] }, 'signals[1].type'],
    ['an undeclared custom type', { signals: [{ ...good, type: 'custom.nps' }] }, 'signals[0].type'],
    ['a value out of range', { signals: [good, { ...good, type: 'linear.bug_share_percent', value: 140 }] }, 'signals[1].value'],
    ['a negative duration', { signals: [{ ...good, value: -1 }] }, 'signals[0].value'],
    ['a value that is not a number', { signals: [{ ...good, value: '18' }] }, 'signals[0].value'],
    ['a date that is not a date-time', { signals: [{ ...good, observedAt: 'yesterday' }] }, 'signals[0].observedAt'],
    ['a date in the future', { signals: [{ ...good, observedAt: '2099-01-01T00:00:00Z' }] }, 'signals[0].observedAt'],
    ['a product of no account', { signals: [{ ...good, productId: '00000000-0000-4000-8000-000000000000' }] }, 'signals[0].productId'],
    ['a product id that is not a uuid', { signals: [{ ...good, productId: 'acme' }] }, 'signals[0].productId'],
    [
      'a client id repeated in the batch',
      {
        signals: [
          { ...good, id: 'x' },
          { ...good, id: 'x' },
        ],
      },
      'signals[1].id',
    ],
    ['an unknown field', { signals: [{ ...good, unit: 'hours' }] }, 'signals[0].unit'],
  ])('answers 400 for %s and stores nothing', async (_label, payload, field) => {
    const before = await stored();
    const response = await t.app.inject({ method: 'POST', url: '/api/signals', headers: admin, payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      error: 'Signal validation failed',
      code: 'SIGNAL_VALIDATION_FAILED',
      message: expect.stringMatching(/^No signal was stored/),
    });
    expect(body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await stored()).toBe(before);
  });

  it('answers a burst with 429 SIGNAL_RATE_LIMITED in the nested shape, with Retry-After', async () => {
    const headers = await t.authHeaders({ sub: 'sigerr_burst', account: 'org_signal_burst', role: 'admin' });
    for (let index = 0; index < SIGNAL_PUSH_RATE_LIMIT.limit; index += 1) {
      const admitted = await t.app.inject({ method: 'POST', url: '/api/signals', headers, payload: { signals: [good] } });
      expect(admitted.statusCode).toBe(201);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/signals', headers, payload: { signals: [good] } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(SIGNAL_PUSH_RATE_LIMIT.windowSeconds));
    expect(refused.json()).toEqual({
      error: { code: 'SIGNAL_RATE_LIMITED', message: expect.stringContaining('signal-push'), action: expect.stringContaining('Wait'), retryable: true },
    });
    expect(await stored(headers)).toBe(SIGNAL_PUSH_RATE_LIMIT.limit);
  });
});
