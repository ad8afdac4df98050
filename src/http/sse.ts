/**
 * Server-Sent Events as a pull-based stream: each event is produced only
 * when the client has taken the previous ones (Node's stream backpressure),
 * so a slow reader never makes the server buffer without bound, and when
 * the client disconnects the generator is closed, which stops its source.
 */
import { Readable } from 'node:stream';

/** One event: a single `data:` line holding JSON. */
export function dataEvent(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

export const DONE_EVENT = 'data: [DONE]\n\n';
/** A comment line: ignored by SSE parsers, it keeps proxies and clients from timing the stream out. */
export const HEARTBEAT = ': keep-alive\n\n';
export const STREAM_OPEN = ': stream open\n\n';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * Yields the source's values, and a heartbeat comment whenever the source
 * has been silent for `intervalMs` (waiting for a model's first token, say).
 */
export async function* withHeartbeat<T>(source: AsyncIterator<T>, intervalMs: number): AsyncGenerator<T | typeof HEARTBEAT> {
  let pending = source.next();
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<'silence'>((resolve) => {
        timer = setTimeout(() => resolve('silence'), intervalMs);
      });
      const next = await Promise.race([pending, silence]).finally(() => clearTimeout(timer));
      if (next === 'silence') {
        yield HEARTBEAT;
        continue;
      }
      if (next.done) return;
      yield next.value;
      pending = source.next();
    }
  } finally {
    // Closing early (client gone): let the source clean up (abort its upstream call).
    await source.return?.(undefined);
  }
}

/** A readable byte stream of the given events, pulled only as fast as the client reads. */
export function eventStream(events: AsyncIterable<string>): Readable {
  return Readable.from(events, { objectMode: false, highWaterMark: 16 * 1024 });
}
