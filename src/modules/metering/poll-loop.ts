/**
 * Background polling, for the charges in flight (the jobs run on pg-boss, src/queue): `round` runs
 * every `intervalMs` until stop(). The loop is a chain of timeouts, each set
 * when the round before it ends, so a slow round never overlaps the next;
 * each timeout is unref'd, so polling alone never keeps the process alive.
 * A failed round is reported and the loop goes on.
 */
export class PollLoop {
  readonly #round: () => Promise<unknown>;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;

  constructor(round: () => Promise<unknown>, onError: (error: unknown) => void) {
    this.#round = round;
    this.#onError = onError;
  }

  start(intervalMs: number): void {
    const schedule = () => {
      this.#timer = setTimeout(tick, intervalMs);
      this.#timer.unref();
    };
    const tick = () => {
      this.#running = this.#round()
        .catch(this.#onError)
        .finally(() => {
          this.#running = null;
          // stop() clears the timer: no further round is scheduled after it.
          if (this.#timer) schedule();
        });
    };
    schedule();
  }

  /** Stops polling and waits for the round in hand to finish. */
  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
