/** Dependencies failing under a running app: readiness says so; requests get a bare 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.app.close();
  t.testDatabase.drop().catch(() => {});
});

describe('when the database goes away', () => {
  it('readiness answers 503 naming the database while liveness stays 200, and requests answer 500 INTERNAL_ERROR without internals', async () => {
    const headers = await t.authHeaders({ sub: 'fail_user' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', jobs: 'ok' } });

    await t.database.close();

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    // The job backlog check reads through the job engine's own pool on PostgreSQL: it may still answer.
    expect(ready.json()).toMatchObject({ status: 'not_ready', checks: { database: 'unavailable' } });
    expect(ready.json().reasons).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const response = await t.app.inject({ method: 'GET', url: '/api/account', headers });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
  });
});
