import { describe, expect, it } from 'vitest';
import { MemoryCountingStore } from './memory-counting-store.ts';

const WINDOW_MS = 60_000;
const hitAt = (key: string, nowMs: number) => ({ key, nowMs, windowMs: WINDOW_MS, limit: 5, countRefused: true });

describe('in-process counting store', () => {
  it('drops keys whose newest hit has left the window', async () => {
    const store = new MemoryCountingStore();
    for (let i = 0; i < 1000; i++) await store.hit(hitAt(`client-${i}`, 0));
    expect(store.size).toBe(1000);
    // The sweep runs once per as many hits as there are keys (at least 1024): 24 more are due.
    for (let i = 0; i < 24; i++) await store.hit(hitAt('late-client', WINDOW_MS));
    expect(store.size).toBe(1);
  });

  it('keeps a key until its newest hit has left the window', async () => {
    const store = new MemoryCountingStore();
    await store.hit(hitAt('quiet-client', 0));
    for (let i = 0; i < 1023; i++) await store.hit(hitAt('busy-client', WINDOW_MS - 1));
    expect(store.size).toBe(2);
  });
});
