/**
 * At most `maxActive` crawls run at once in this instance; up to
 * `queueLimit` more wait their turn in arrival order; beyond that a request
 * is refused at once (503 with Retry-After) rather than queued without bound.
 * A waiter whose client goes away leaves the queue.
 */
export class CrawlQueueFullError extends Error {
  constructor() {
    super('Too many crawls are running or waiting');
    this.name = 'CrawlQueueFullError';
  }
}

type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
  /** performance.now() when it joined the queue. */
  since: number;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class CrawlSlots {
  readonly #maxActive: number;
  readonly #queueLimit: number;
  #active = 0;
  readonly #waiting: Waiter[] = [];

  constructor(maxActive: number, queueLimit: number) {
    this.#maxActive = maxActive;
    this.#queueLimit = queueLimit;
  }

  /** Resolves with a release function once a slot is free; rejects with CrawlQueueFullError or the abort reason. */
  acquire(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#active < this.#maxActive) {
      this.#active++;
      return Promise.resolve(this.#releaser());
    }
    if (this.#waiting.length >= this.#queueLimit) return Promise.reject(new CrawlQueueFullError());
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        since: performance.now(),
        signal,
        onAbort: () => {
          const index = this.#waiting.indexOf(waiter);
          if (index >= 0) this.#waiting.splice(index, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** The crawls waiting for a slot, and how long the first of them has waited (the metrics' `crawl` queue). */
  backlog(): { depth: number; oldestAgeSeconds: number } {
    const first = this.#waiting[0];
    return { depth: this.#waiting.length, oldestAgeSeconds: first ? (performance.now() - first.since) / 1000 : 0 };
  }

  #releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) {
        next.signal?.removeEventListener('abort', next.onAbort);
        next.grant(this.#releaser());
      } else {
        this.#active--;
      }
    };
  }
}
