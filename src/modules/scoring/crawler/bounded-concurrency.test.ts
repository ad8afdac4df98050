import { describe, expect, it } from 'vitest';
import { mapPipelined } from './bounded-concurrency.ts';

/** A fetch that resolves only when the test says so, recording the order of events. */
class ControlledFetches {
  readonly events: string[] = [];
  readonly #pending = new Map<number, () => void>();
  inFlight = 0;
  peakInFlight = 0;

  fetch = (item: number): Promise<number> => {
    this.events.push(`fetch ${item}`);
    this.inFlight++;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    return new Promise((resolve) => {
      this.#pending.set(item, () => {
        this.inFlight--;
        resolve(item * 10);
      });
    });
  };

  /** Answers a started fetch, then lets every consequence run. */
  async answer(item: number): Promise<void> {
    const resolve = this.#pending.get(item);
    if (!resolve) throw new Error(`fetch ${item} was not started`);
    this.#pending.delete(item);
    resolve();
    await new Promise((settled) => setImmediate(settled));
    await new Promise((settled) => setImmediate(settled));
  }
}

describe('mapPipelined', () => {
  it('keeps the items order whatever order the fetches finish in', async () => {
    const fetches = new ControlledFetches();
    const mapped = mapPipelined([1, 2, 3], 3, fetches.fetch, (value, item) => `${item}:${value}`);
    await fetches.answer(3);
    await fetches.answer(1);
    await fetches.answer(2);
    expect(await mapped).toEqual(['1:10', '2:20', '3:30']);
  });

  it('never has more than `limit` fetches in flight', async () => {
    const fetches = new ControlledFetches();
    const mapped = mapPipelined([1, 2, 3, 4, 5], 2, fetches.fetch, (value) => value);
    for (const item of [1, 2, 3, 4, 5]) await fetches.answer(item);
    await mapped;
    expect(fetches.peakInFlight).toBe(2);
  });

  it('starts the next fetch before processing the value just fetched', async () => {
    const fetches = new ControlledFetches();
    const mapped = mapPipelined([1, 2], 1, fetches.fetch, (value, item) => {
      fetches.events.push(`process ${item}`);
      return value;
    });
    await fetches.answer(1);
    expect(fetches.events).toEqual(['fetch 1', 'fetch 2', 'process 1']);
    await fetches.answer(2);
    await mapped;
    expect(fetches.events).toEqual(['fetch 1', 'fetch 2', 'process 1', 'process 2']);
  });

  it('holds at most one unprocessed value per worker', async () => {
    const fetches = new ControlledFetches();
    let processed = 0;
    const mapped = mapPipelined([1, 2, 3, 4], 1, fetches.fetch, (value) => {
      processed++;
      return value;
    });
    // Item 1 is processed while 2 is fetched; item 3 is only requested once 2 is in.
    await fetches.answer(1);
    expect(fetches.events).toEqual(['fetch 1', 'fetch 2']);
    expect(processed).toBe(1);
    await fetches.answer(2);
    expect(fetches.events.at(-1)).toBe('fetch 3');
    await fetches.answer(3);
    await fetches.answer(4);
    expect(await mapped).toEqual([10, 20, 30, 40]);
  });

  it('rejects when processing throws', async () => {
    const fetches = new ControlledFetches();
    const mapped = mapPipelined([1, 2], 2, fetches.fetch, (value, item) => {
      if (item === 1) throw new Error('unreadable');
      return value;
    });
    const rejected = expect(mapped).rejects.toThrow('unreadable');
    await fetches.answer(1);
    await fetches.answer(2);
    await rejected;
  });

  it('waits for processing done elsewhere (a promise), and rejects when it rejects', async () => {
    const fetches = new ControlledFetches();
    const mapped = mapPipelined([1, 2, 3], 2, fetches.fetch, async (value, item) => {
      await new Promise((settled) => setTimeout(settled, item === 1 ? 20 : 0));
      return value + item;
    });
    for (const item of [2, 1, 3]) await fetches.answer(item);
    expect(await mapped).toEqual([11, 22, 33]);

    const failing = new ControlledFetches();
    const rejected = mapPipelined([1], 1, failing.fetch, async () => Promise.reject(new Error('worker failed')));
    const expectation = expect(rejected).rejects.toThrow('worker failed');
    await failing.answer(1);
    await expectation;
  });

  it('maps nothing to nothing', async () => {
    expect(
      await mapPipelined(
        [],
        3,
        async () => 1,
        (value) => value,
      ),
    ).toEqual([]);
  });
});
