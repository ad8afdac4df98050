/** The score run row as the fence between the waiting web instance and the worker (PGlite, and PostgreSQL with TEST_DATABASE_URL). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { ManualClock } from '../../clock.ts';
import { ScoreRuns } from './score-runs.ts';

let database: TestDatabase;
let runs: ScoreRuns;
const clock = new ManualClock('2026-11-29T05:00:00.000Z');

beforeAll(async () => {
  database = await createTestDatabase();
  runs = new ScoreRuns({ db: database.handle.db, clock });
});
afterAll(async () => {
  await database.drop();
});

async function queuedRun(): Promise<string> {
  const id = randomUUID();
  await runs.create(database.handle.db, id);
  return id;
}

describe('score runs', () => {
  it('a run cancelled by the web is never marked done: the storing transaction must roll back', async () => {
    const id = await queuedRun();
    expect(await runs.start(id)).toBe(true);
    expect(await runs.cancel(id)).toBe(true);
    expect(await runs.finish(database.handle.db, id, { ok: true, resultId: randomUUID() })).toBe(false);
    // A retried attempt does not take it up again.
    expect(await runs.start(id)).toBe(false);
    expect((await runs.read(id))!.state).toBe('cancelled');
  });

  it('a run marked done is never cancelled: its result and charge stand', async () => {
    const id = await queuedRun();
    await runs.start(id);
    const resultId = randomUUID();
    expect(await runs.finish(database.handle.db, id, { ok: true, resultId })).toBe(true);
    expect(await runs.cancel(id)).toBe(false);
    expect(await runs.read(id)).toMatchObject({ state: 'done', outcome: { ok: true, resultId } });
  });

  it('a run whose job was lost is failed by the web once, whoever comes second finds it ended', async () => {
    const id = await queuedRun();
    // Nobody took it: only the web's "from queued" finish ends it.
    expect(await runs.finish(database.handle.db, id, { ok: false, reason: 'score_failed' })).toBe(false);
    expect(await runs.finish(database.handle.db, id, { ok: false, reason: 'score_failed' }, { fromQueued: true })).toBe(true);
    expect(await runs.finish(database.handle.db, id, { ok: false, reason: 'score_failed' }, { fromQueued: true })).toBe(false);
    expect(await runs.read(id)).toMatchObject({ state: 'failed', outcome: { ok: false, reason: 'score_failed' } });
  });

  it('keeps the latest progress of a running run only', async () => {
    const id = await queuedRun();
    await runs.recordProgress(id, { stage: 'crawling', pagesFound: 3, pagesFetched: 1, pagesAnalysed: 1, pageLimit: 25 });
    expect((await runs.read(id))!.progress).toBeNull();
    await runs.start(id);
    await runs.recordProgress(id, { stage: 'crawling', pagesFound: 3, pagesFetched: 2, pagesAnalysed: 1, pageLimit: 25 });
    expect((await runs.read(id))!.progress).toEqual({ stage: 'crawling', pagesFound: 3, pagesFetched: 2, pagesAnalysed: 1, pageLimit: 25 });
  });

  it('deletes runs older than a day', async () => {
    const id = await queuedRun();
    clock.advance(25 * 60 * 60 * 1000);
    const fresh = await queuedRun();
    expect(await runs.deleteOld()).toBeGreaterThanOrEqual(1);
    expect(await runs.read(id)).toBeNull();
    expect(await runs.read(fresh)).not.toBeNull();
  });
});
