import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollLoop } from './poll-loop.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PollLoop', () => {
  it('runs a round per interval, never two at once, and none after stop()', async () => {
    let active = 0;
    let most = 0;
    let rounds = 0;
    let finishRound: () => void = () => {};
    const loop = new PollLoop(
      async () => {
        rounds++;
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => (finishRound = resolve));
        active--;
      },
      () => {},
    );
    loop.start(100);
    await vi.advanceTimersByTimeAsync(99);
    expect(rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(1);
    // The round is still running: however long it takes, the next is not started.
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(1);
    finishRound();
    await vi.advanceTimersByTimeAsync(100);
    expect(rounds).toBe(2);

    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // it waits for the round in hand
    finishRound();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(2);
    expect(most).toBe(1);
  });

  it('reports a failed round and goes on polling', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const loop = new PollLoop(
      async () => {
        rounds++;
        if (rounds === 1) throw new Error('database away');
      },
      (error) => errors.push(error),
    );
    loop.start(10);
    await vi.advanceTimersByTimeAsync(30);
    await loop.stop();
    expect(errors).toEqual([new Error('database away')]);
    expect(rounds).toBe(3);
  });
});
