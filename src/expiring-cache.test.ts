import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { ExpiringCache } from './expiring-cache.ts';

function cache(maxEntries = 3) {
  const clock = new ManualClock('2026-01-01T00:00:00.000Z');
  return { clock, cache: new ExpiringCache<string, number>({ clock, ttlMs: 1000, maxEntries }) };
}

describe('ExpiringCache', () => {
  it('forgets an entry when its TTL has run, or earlier when the value says so', () => {
    const { clock, cache: values } = cache();
    values.set('a', 1, values.ticket());
    values.set('b', 2, values.ticket(), new Date(clock.now().getTime() + 200));
    clock.advance(199);
    expect([values.get('a'), values.get('b')]).toEqual([1, 2]);
    clock.advance(1);
    expect([values.get('a'), values.get('b')]).toEqual([1, undefined]);
    clock.advance(800);
    expect(values.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest first', () => {
    const { cache: values } = cache(2);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      values.set(key, value, values.ticket());
    expect([values.get('a'), values.get('b'), values.get('c'), values.size]).toEqual([undefined, 2, 3, 2]);
  });

  it('drops a value read before an invalidation and stored after it', () => {
    const { cache: values } = cache();
    const before = values.ticket();
    values.invalidate((key) => key === 'other');
    values.set('a', 1, before);
    expect(values.get('a')).toBeUndefined();
    const stale = values.ticket();
    values.delete('b');
    values.set('a', 1, stale);
    expect(values.get('a')).toBeUndefined();
    values.set('a', 2, values.ticket());
    expect(values.get('a')).toBe(2);
  });

  it('removes what invalidate selects and leaves the rest', () => {
    const { cache: values } = cache();
    values.set('a', 1, values.ticket());
    values.set('b', 2, values.ticket());
    values.invalidate((_key, value) => value === 1);
    expect([values.get('a'), values.get('b')]).toEqual([undefined, 2]);
  });
});
