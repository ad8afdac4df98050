/**
 * Where the crawler reads page bodies (page-reading.ts): small pages in this
 * thread, large ones in a pool of worker threads (piscina), so that a crawl
 * of large pages leaves the event loop free for other requests and puts the
 * machine's other cores to work. One pool per crawler, shared by its crawls,
 * created with the first large page and closed with the crawler.
 *
 * A large body's bytes are moved to the worker (its ArrayBuffer is
 * transferred, not copied); the artifact comes back by structured cloning,
 * which gives the same value the reading would give here. Reading is pure,
 * so which thread reads a page never changes a crawl's result.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { readPageBody, type PageBody, type PageReading } from './page-reading.ts';

/**
 * Bodies smaller than this are read in this thread. Measured by
 * bench/large-pages.ts (docs/BENCHMARKS.md): a trip through the pool costs
 * about 1 ms of CPU across threads per page whatever its size (handing the
 * task over, cloning the artifact back) and reading costs about 3 ms per
 * 100 KB. A crawl of 100 KB pages is no faster through the pool (wall 0.94
 * to 0.99 of in-thread) and spends 5-15% more CPU; from 128 KB it is
 * faster every time (0.76 to 0.91) and the event loop's p99 delay falls
 * about threefold.
 */
export const IN_THREAD_BELOW_BYTES = 128 * 1024;

/** An idle worker is kept this long, so the next crawl finds it started and its code compiled. */
const WORKER_IDLE_TIMEOUT_MS = 60_000;

const READING_MODULE = new URL('./page-reading.ts', import.meta.url).href;

/** One thread per core but the one the event loop runs on, and at least one. */
export function defaultReadingThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

export interface PageReader {
  read(page: PageBody): Promise<PageReading>;
  /** Ends the worker threads once the pages they hold are read; later pages are read in this thread. */
  close(): Promise<void>;
}

export interface PageReaderOptions {
  /** Worker threads; 0 reads every page in this thread. */
  threads: number;
  /** Bodies smaller than this are read in this thread; IN_THREAD_BELOW_BYTES by default. */
  inThreadBelowBytes?: number;
}

export function createPageReader(options: PageReaderOptions): PageReader {
  const inThreadBelowBytes = options.inThreadBelowBytes ?? IN_THREAD_BELOW_BYTES;
  let pool: Piscina<PageBody, PageReading> | null = null;
  let closed = false;
  return {
    async read(page) {
      if (options.threads === 0 || closed || page.bytes.byteLength < inThreadBelowBytes) return readPageBody(page);
      pool ??= new Piscina({
        filename: READING_MODULE,
        name: readPageBody.name,
        minThreads: 0,
        maxThreads: options.threads,
        idleTimeout: WORKER_IDLE_TIMEOUT_MS,
        recordTiming: false,
      });
      const bytes = movable(page.bytes);
      return pool.run({ ...page, bytes }, { transferList: [bytes.buffer] });
    },
    async close() {
      closed = true;
      const running = pool;
      pool = null;
      await running?.close();
    },
  };
}

/**
 * Bytes whose ArrayBuffer can be handed over whole. A body read from the
 * network has a buffer of its own; a view into a larger or pooled buffer
 * (Node keeps small Buffers in shared slabs) is copied first, since moving
 * it would take its neighbours along.
 */
function movable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return new Uint8Array(buffer);
  return new Uint8Array(bytes);
}
