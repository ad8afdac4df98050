/**
 * The embedded database has no autovacuum: the recurring ANALYZE gives its
 * planner the statistics PostgreSQL's daemon would (embedded-statistics.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import { startTestApp, testDatabaseKind, type TestApp } from '../../test/harness.ts';
import { rowsOf } from './client.ts';

const onPglite = testDatabaseKind() === 'pglite';
const clock = new ManualClock('2026-11-20T12:00:00.000Z');
let t: TestApp;

/** What the planner believes the accounts table holds: -1 until it is first analysed. */
async function plannedAccounts(): Promise<number> {
  const [row] = rowsOf<{ reltuples: number }>(await t.database.db.execute(sql`SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = 'accounts'`));
  return Number(row!.reltuples);
}

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

describe.skipIf(!onPglite)('statistics on the embedded database', () => {
  it('are gathered by the recurring job, so the planner knows what the tables hold', async () => {
    for (const sub of ['stats_a', 'stats_b', 'stats_c']) await t.app.inject({ method: 'GET', url: '/api/account', headers: await t.authHeaders({ sub }) });
    expect(await plannedAccounts()).toBe(-1);
    clock.advance(60 * 60 * 1000);
    await t.services.jobRunner.runDue();
    expect(await plannedAccounts()).toBe(3);
  });
});
