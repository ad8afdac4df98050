import { describe, expect, it } from 'vitest';
import { CrawlQueueFullError, CrawlSlots } from './crawl-slots.ts';

/** Whether the promise has settled once pending callbacks have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('CrawlSlots', () => {
  it('runs at most maxActive at once, queues up to queueLimit in order, and refuses the rest at once', async () => {
    const slots = new CrawlSlots(2, 2);
    const a = await slots.acquire();
    const b = await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    await expect(slots.acquire()).rejects.toBeInstanceOf(CrawlQueueFullError);
    expect(await isSettled(c)).toBe(false);

    a();
    a(); // releasing twice frees one slot only
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(await isSettled(d)).toBe(false);
    // One place in the queue is free again (d waits there), and only one.
    const e = slots.acquire();
    await expect(slots.acquire()).rejects.toBeInstanceOf(CrawlQueueFullError);

    b();
    const releaseD = await d;
    expect(order).toEqual(['c', 'd']);
    releaseC();
    const releaseE = await e;
    releaseD();
    releaseE();
    // Everything released: both slots are free at once, and the queue is empty.
    const [f, g] = await Promise.all([slots.acquire(), slots.acquire()]);
    const queued = [slots.acquire(), slots.acquire()];
    await expect(slots.acquire()).rejects.toBeInstanceOf(CrawlQueueFullError);
    f();
    g();
    for (const release of await Promise.all(queued)) release();
  });

  it('drops a waiter whose request is aborted', async () => {
    const slots = new CrawlSlots(1, 1);
    const held = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    await expect(slots.acquire()).rejects.toBeInstanceOf(CrawlQueueFullError);
    controller.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');

    // Its place in the queue is free, and releasing the slot hands it to the next waiter, not to the one that left.
    const next = slots.acquire();
    held();
    const release = await next;
    release();
    expect(await isSettled(slots.acquire())).toBe(true);
  });

  it('refuses a request that is already aborted, even with a slot free', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone already'));
    const slots = new CrawlSlots(1, 0);
    await expect(slots.acquire(controller.signal)).rejects.toThrow('gone already');
    // It took no slot.
    (await slots.acquire())();
  });
});
