/**
 * Server-Sent Events as a pull-based stream: each event is produced only
 * when the client has taken the previous ones (Node's stream backpressure),
 * so a slow reader never makes the server buffer without bound, and when
 * the client disconnects the generator is closed, which stops its source.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** One event: a single `data:` line holding JSON. */
export function dataEvent(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

/**
 * One named event: an `event:` line, so a client can tell kinds apart
 * (`addEventListener(name)`) without looking into the data, and a `data:`
 * line holding JSON.
 */
export function namedEvent(name: string, value: unknown): string {
  return namedEventOfJson(name, JSON.stringify(value));
}

/**
 * namedEvent for JSON already serialised (by a route's response schema, say).
 * JSON text has no raw line breaks, so it stays one `data:` line.
 */
export function namedEventOfJson(name: string, json: string): string {
  return `event: ${name}\ndata: ${json}\n\n`;
}

export const DONE_EVENT = 'data: [DONE]\n\n';

/** Whether the request's Accept header asks for an event stream (content negotiation for routes that can answer either way). */
export function acceptsEventStream(accept: string | undefined): boolean {
  return accept?.toLowerCase().includes('text/event-stream') ?? false;
}
/** A comment line: ignored by SSE parsers, it keeps proxies and clients from timing the stream out. */
export const HEARTBEAT = ': keep-alive\n\n';
export const STREAM_OPEN = ': stream open\n\n';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/** What withHeartbeat yields when a heartbeat is due: never a string, so no text can pass for it. */
export const HEARTBEAT_DUE: unique symbol = Symbol('heartbeat due');

/**
 * Yields the source's values, and HEARTBEAT_DUE whenever the source has been
 * silent for `intervalMs` (waiting for a model's first token, say).
 */
export async function* withHeartbeat<T>(source: AsyncIterator<T>, intervalMs: number): AsyncGenerator<T | typeof HEARTBEAT_DUE> {
  let pending = source.next();
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const silence = new Promise<typeof HEARTBEAT_DUE>((resolve) => {
        timer = setTimeout(() => resolve(HEARTBEAT_DUE), intervalMs);
      });
      const next = await Promise.race([pending, silence]).finally(() => clearTimeout(timer));
      if (next === HEARTBEAT_DUE) {
        yield HEARTBEAT_DUE;
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

const STALL_CHECKS_PER_TIMEOUT = 4;

/**
 * Destroys a response whose client has stopped reading: a write has waited
 * for 'drain' for `stallMs`. Backpressure alone would hold the stream, and
 * the upstream call feeding it, open for as long as the connection lives.
 * Checked every quarter of `stallMs`, so it acts within 1.25 x `stallMs`.
 */
export function destroyWhenStalled(response: ServerResponse, stallMs: number): void {
  let waitingSince: number | null = null;
  const check = setInterval(() => {
    if (!response.writableNeedDrain) waitingSince = null;
    else if (waitingSince === null) waitingSince = performance.now();
    else if (performance.now() - waitingSince >= stallMs) response.destroy();
  }, stallMs / STALL_CHECKS_PER_TIMEOUT);
  check.unref();
  response.on('drain', () => (waitingSince = null));
  response.once('close', () => clearInterval(check));
}

/** A readable byte stream of the given events, pulled only as fast as the client reads. */
export function eventStream(events: AsyncIterable<string>): Readable {
  return Readable.from(events, { objectMode: false, highWaterMark: 16 * 1024 });
}

const NEXT_TURN: unique symbol = Symbol('next turn of the event loop');

/**
 * The source's values in batches: each batch holds a value and every further
 * one the source had ready before the event loop's next turn. The local
 * coach's whole answer is one batch; a model's tokens, arriving one network
 * read at a time, come one batch per read. At most one value is asked for
 * ahead of what the batches gave out. A failure ends the stream after the
 * values gathered before it.
 */
export async function* readyTogether<T>(source: AsyncIterator<T>): AsyncGenerator<T[]> {
  let pending = source.next();
  try {
    for (;;) {
      const first = await pending;
      if (first.done) return;
      const batch = [first.value];
      const nextTurn = new Promise<typeof NEXT_TURN>((resolve) => setImmediate(resolve, NEXT_TURN));
      let ended = false;
      let failure: { error: unknown } | null = null;
      for (;;) {
        pending = source.next();
        let next: IteratorResult<T> | typeof NEXT_TURN;
        try {
          next = await Promise.race([pending, nextTurn]);
        } catch (error) {
          failure = { error };
          break;
        }
        if (next === NEXT_TURN) break;
        if (next.done) {
          ended = true;
          break;
        }
        batch.push(next.value);
      }
      yield batch;
      if (failure) throw failure.error;
      if (ended) return;
    }
  } finally {
    await source.return?.(undefined);
  }
}
