import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { dataEvent, eventStream, HEARTBEAT_DUE, withHeartbeat } from './sse.ts';

describe('eventStream', () => {
  it('pulls events only as fast as the reader takes them: a stalled reader stalls the source', async () => {
    let produced = 0;
    async function* source() {
      for (;;) {
        produced++;
        yield dataEvent({ content: 'x'.repeat(1000) });
      }
    }
    const stalled = new Writable({ highWaterMark: 1024, write: () => {} });
    void pipeline(eventStream(source()), stalled).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    const settled = produced;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(produced).toBe(settled);
    // Bounded by the readable's buffer (16 KB) plus the writable's, in 1 KB events.
    expect(produced).toBeLessThan(40);
    stalled.destroy();
  });

  it('closes the source when the reader goes away', async () => {
    let closed = false;
    async function* source() {
      try {
        for (;;) yield dataEvent({ content: 'y' });
      } finally {
        closed = true;
      }
    }
    const stream = eventStream(source());
    stream.read();
    stream.destroy();
    await expect.poll(() => closed).toBe(true);
  });
});

describe('withHeartbeat', () => {
  it('interleaves the heartbeat sentinel while the source is silent, and passes values through in order', async () => {
    async function* slow() {
      yield 'a';
      await new Promise((resolve) => setTimeout(resolve, 130));
      yield 'b';
    }
    const out: (string | typeof HEARTBEAT_DUE)[] = [];
    for await (const piece of withHeartbeat(slow(), 50)) out.push(piece);
    expect(out[0]).toBe('a');
    expect(out.at(-1)).toBe('b');
    expect(out.filter((piece) => piece === HEARTBEAT_DUE).length).toBeGreaterThanOrEqual(1);
  });
});
