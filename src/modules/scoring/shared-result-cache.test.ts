import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { SharedResultCache, type LoadedResult } from './shared-result-cache.ts';

const LIMITS = { maxEntries: 3, maxBytes: 1_000, ttlMs: 10_000 };

/** A loader that counts its calls: a kept result is answered without one. */
function store(rows: Record<string, LoadedResult>) {
  const loads: string[] = [];
  return {
    loads,
    load: (id: string) => async () => {
      loads.push(id);
      return rows[id] ?? null;
    },
  };
}

/** `{"id":"<id>","pad":"xx…"}`, `bytes` long. */
const body = (id: string, bytes = 60) => JSON.stringify({ id, pad: 'x'.repeat(bytes - 18 - id.length) });

describe('SharedResultCache', () => {
  it('loads a result once, then answers from memory until its time to live is up', async () => {
    const clock = new ManualClock();
    const cache = new SharedResultCache(clock, LIMITS);
    const db = store({ a: { accountId: null, body: body('a') } });
    const first = await cache.read('a', db.load('a'));
    expect(first?.body.toString()).toBe(body('a'));
    expect(first?.etag).toMatch(/^"[\w-]{43}"$/);
    clock.advance(LIMITS.ttlMs - 1);
    expect(await cache.read('a', db.load('a'))).toEqual(first);
    expect(db.loads).toEqual(['a']);
    clock.advance(1);
    await cache.read('a', db.load('a'));
    expect(db.loads).toEqual(['a', 'a']);
  });

  it('keeps no answer for an unknown id', async () => {
    const cache = new SharedResultCache(new ManualClock(), LIMITS);
    const db = store({});
    expect(await cache.read('missing', db.load('missing'))).toBeNull();
    expect(await cache.read('missing', db.load('missing'))).toBeNull();
    expect(db.loads).toEqual(['missing', 'missing']);
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('holds at most maxEntries, sparing an entry read since it was kept (second chance)', async () => {
    const cache = new SharedResultCache(new ManualClock(), LIMITS);
    const rows = Object.fromEntries(['a', 'b', 'c', 'd'].map((id) => [id, { accountId: null, body: body(id) }]));
    const db = store(rows);
    for (const id of ['a', 'b', 'c']) await cache.read(id, db.load(id));
    await cache.read('a', db.load('a'));
    await cache.read('d', db.load('d'));
    expect(cache.size.entries).toBe(3);
    db.loads.length = 0;
    for (const id of ['a', 'c', 'd', 'b']) await cache.read(id, db.load(id));
    // b was the least recently read when d came in.
    expect(db.loads).toEqual(['b']);
  });

  it('spares a read entry once per reading; unread entries go oldest first', async () => {
    const cache = new SharedResultCache(new ManualClock(), LIMITS);
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const db = store(Object.fromEntries(ids.map((id) => [id, { accountId: null, body: body(id) }])));
    for (const id of ['a', 'b', 'c']) await cache.read(id, db.load(id));
    await cache.read('a', db.load('a'));
    for (const id of ['d', 'e', 'f']) await cache.read(id, db.load(id));
    db.loads.length = 0;
    await cache.read('a', db.load('a'));
    expect(db.loads).toEqual([]);
    // Kept now: a (read again), e, f. When g comes in, a is spared a second time and e, the oldest unread, goes.
    await cache.read('g', db.load('g'));
    for (const id of ['a', 'f', 'g', 'e']) await cache.read(id, db.load(id));
    expect(db.loads).toEqual(['g', 'e']);
  });

  it('holds at most maxBytes of bodies, and never a body larger than that', async () => {
    const cache = new SharedResultCache(new ManualClock(), LIMITS);
    const db = store({
      a: { accountId: null, body: body('a', 400) },
      b: { accountId: null, body: body('b', 400) },
      c: { accountId: null, body: body('c', 400) },
      huge: { accountId: null, body: body('huge', 1_001) },
    });
    for (const id of ['a', 'b', 'c']) await cache.read(id, db.load(id));
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });
    expect((await cache.read('huge', db.load('huge')))?.body.byteLength).toBe(1_001);
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });
  });

  it("forgets an erased account's results, those read before the erasure and those still being read", async () => {
    const cache = new SharedResultCache(new ManualClock(), LIMITS);
    const db = store({
      kept: { accountId: 'acct-1', body: body('kept') },
      linkedElsewhere: { accountId: null, body: body('linkedElsewhere') },
      other: { accountId: 'acct-2', body: body('other') },
    });
    for (const id of ['kept', 'linkedElsewhere', 'other']) await cache.read(id, db.load(id));

    // A read under way when the erasure begins answers, but keeps nothing.
    let release!: (row: LoadedResult) => void;
    const inFlight = cache.read('late', () => new Promise<LoadedResult>((resolve) => (release = resolve)));
    cache.forgetAccount('acct-1', ['linkedElsewhere']);
    release({ accountId: null, body: body('late') });
    expect((await inFlight)?.body.toString()).toBe(body('late'));

    db.loads.length = 0;
    for (const id of ['kept', 'linkedElsewhere', 'other']) await cache.read(id, db.load(id));
    expect(db.loads).toEqual(['kept', 'linkedElsewhere']);
    // Until the erasure commits, the erased account's row may still be read: it is not kept again.
    expect(cache.size.entries).toBe(2);
  });

  it('keeps nothing of an erased account read before its erasure commits', async () => {
    const cache = new SharedResultCache(new ManualClock(), LIMITS);
    const db = store({ r: { accountId: 'acct-1', body: body('r') } });
    cache.forgetAccount('acct-1', []);
    // The row is still visible until the erasure's transaction commits.
    await cache.read('r', db.load('r'));
    await cache.read('r', db.load('r'));
    expect(db.loads).toEqual(['r', 'r']);
  });
});
