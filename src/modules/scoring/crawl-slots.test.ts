import { describe, expect, it } from 'vitest';
import { CrawlQueueFullError, CrawlSlots } from './crawl-slots.ts';

describe('CrawlSlots', () => {
  it('runs at most maxActive at once, queues up to queueLimit in order, and refuses the rest at once', async () => {
    const slots = new CrawlSlots(2, 2);
    const a = await slots.acquire();
    const b = await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    await expect(slots.acquire()).rejects.toBeInstanceOf(CrawlQueueFullError);
    expect([slots.active, slots.waiting]).toEqual([2, 2]);

    a();
    a(); // releasing twice frees one slot only
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect([slots.active, slots.waiting]).toEqual([2, 1]);
    b();
    const releaseD = await d;
    expect(order).toEqual(['c', 'd']);
    releaseC();
    releaseD();
    expect([slots.active, slots.waiting]).toEqual([0, 0]);
  });

  it('drops a waiter whose request is aborted', async () => {
    const slots = new CrawlSlots(1, 5);
    const held = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    expect(slots.waiting).toBe(1);
    controller.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    expect(slots.waiting).toBe(0);
    held();
    expect(slots.active).toBe(0);
  });
});
