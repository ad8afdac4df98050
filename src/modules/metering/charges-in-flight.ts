/**
 * A score's charge and its result are one outcome (issue 24, item 1). The
 * charge is taken before the crawl (so concurrent requests cannot overspend)
 * and recorded as in flight, in the same statement, under a lease. Then:
 *
 * - the result is stored: the transaction that stores it settles the charge
 *   (takes it out of flight), so the charge stands exactly when the result
 *   exists;
 * - the score fails or its client leaves: the refund gives the charge back
 *   and takes it out of flight;
 * - the process dies: nothing renews the lease, and once it has lapsed any
 *   instance gives the charge back (reclaimLapsed), within
 *   LEASE_MS + RECLAIM_EVERY_MS of the crash, or of the restart when no
 *   instance ran meanwhile.
 *
 * While the work runs, this instance renews the leases of the charges it
 * holds every RENEW_EVERY_MS (one statement for all of them), so a long
 * crawl or a wait in the score queue never loses its charge. Should the
 * renewals fail for longer than the lease (the database unreachable for half
 * a minute), the charge may be given back while the work goes on: the
 * result is then not stored against it (settling fails), and the request
 * fails rather than keep a result nobody paid for.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { PollLoop } from './poll-loop.ts';
import type { CreditLedger } from './credit-ledger.ts';

/** How long a charge stays in flight without a renewal before it is taken for dead work. */
export const LEASE_MS = 30_000;
/** How often the leases of this instance's charges are renewed: three renewals fit in a lease. */
export const RENEW_EVERY_MS = 10_000;
/** How often lapsed charges are looked for and given back. */
export const RECLAIM_EVERY_MS = 10_000;
const RECLAIM_BATCH = 100;

export class ChargesInFlight {
  readonly #ledger: CreditLedger;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #held = new Set<string>();
  readonly #renewals = new PollLoop(
    () => this.renew(),
    (error) => this.#log?.error({ err: error }, 'charge lease renewal failed'),
  );
  readonly #reclaims = new PollLoop(
    () => this.reclaimLapsed(),
    (error) => this.#log?.error({ err: error }, 'reclaiming lapsed charges failed'),
  );

  constructor(deps: { ledger: CreditLedger; clock: Clock; log?: FastifyBaseLogger }) {
    this.#ledger = deps.ledger;
    this.#clock = deps.clock;
    this.#log = deps.log;
  }

  /** The lease a charge taken now starts with. */
  leaseUntil(): Date {
    return new Date(this.#clock.now().getTime() + LEASE_MS);
  }

  /** This instance works on the charge: its lease is renewed until it is released. */
  hold(reservationId: string): void {
    this.#held.add(reservationId);
  }

  /** Settled or refunded: no longer renewed. */
  release(reservationId: string): void {
    this.#held.delete(reservationId);
  }

  /** Renews the lease of every charge this instance holds. */
  async renew(): Promise<void> {
    await this.#ledger.renewLeases([...this.#held], this.leaseUntil());
  }

  /** Gives back the charges whose lease lapsed; how many. */
  async reclaimLapsed(): Promise<number> {
    let reclaimed = 0;
    for (;;) {
      const batch = await this.#ledger.reclaimLapsed(this.#clock.now(), RECLAIM_BATCH);
      reclaimed += batch;
      if (batch < RECLAIM_BATCH) break;
    }
    if (reclaimed > 0) this.#log?.warn({ reclaimed }, 'charges of work that stopped without a result were given back');
    return reclaimed;
  }

  /** Renewing this instance's leases: always, while the app runs. */
  startRenewing(): void {
    this.#renewals.start(RENEW_EVERY_MS);
  }

  /** Giving back lapsed charges: background work, in every instance. */
  startReclaiming(): void {
    this.#reclaims.start(RECLAIM_EVERY_MS);
  }

  async stop(): Promise<void> {
    await this.#renewals.stop();
    await this.#reclaims.stop();
  }
}
