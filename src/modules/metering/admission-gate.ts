/**
 * The admission gate for score and chat (spec part 8), the API-call
 * ceiling, and the seat, product and API-key limits of the plan.
 *
 * The gate, for a signed-in caller: the per-action rate limit first (every
 * request counts toward its window, whatever its outcome), then the plan's
 * quotas and credits, reserved before any work starts. For an anonymous
 * score: the anonymous cap. A decision is one store call and, for a
 * signed-in caller, one charge statement and one read of the billing
 * record's revision: the charge is computed from the billing record as this
 * instance last read it, and stands only if the record's revision is still
 * the one it was computed from once the charge is made (EntitlementSource).
 * When it is not, the charge is given back; when none is known, the
 * entitlement is read; either way the charge is made again, a round trip or
 * two more. A score the cycle cannot cover adds one pack
 * statement, and a refusal one read of the counters for its message.
 * Nothing waits for a crawl slot or a lock held by another request's work,
 * so a burst of refused requests never queues.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { BillingPeriod } from '../billing/billing-period.ts';
import type { Principal } from '../../http/app-types.ts';
import type { Entitlement } from '../billing/entitlement.ts';
import { CHAT_MESSAGE_CREDIT_COST, includesApiAccess, SCORE_CREDIT_COST } from '../../vocabulary/plans.ts';
import { AccountErasedError } from '../../vocabulary/account-erased.ts';
import { anonymousCapSubject } from '../limits/client-address.ts';
import {
  ANONYMOUS_SCORE_CAP,
  CHAT_RATE_LIMIT,
  FEEDBACK_RATE_LIMIT,
  SCORE_RATE_LIMIT,
  SIGNAL_PUSH_RATE_LIMIT,
  MOVE_DISPATCH_RATE_LIMIT,
  WEBHOOK_SEND_RATE_LIMIT,
  type RateLimitPolicy,
} from '../limits/policies.ts';
import { secondsRoundedUp } from '../limits/rate-limit-headers.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import { NO_USAGE, type ChargeRecord, type ChargedAction, type CreditLedger, type UsageCounts, type UsageLimits } from './credit-ledger.ts';
import type { ChargesInFlight } from './charges-in-flight.ts';
import type { EntitlementSource, RevisedEntitlement } from './entitlement-source.ts';
import {
  apiAccessEndedRefusal,
  apiCallCeilingRefusal,
  apiKeysNotInPlanRefusal,
  productLimitRefusal,
  quotaRefusal,
  rateLimitRefusal,
  rateLimitStateOf,
  seatLimitRefusal,
  type AdmissionRefusal,
  type ApiCallRefusal,
  type GatedAction,
  type PlanLimitRefusal,
  type RateLimitedRefusal,
  type RateLimitState,
} from './refusals.ts';
import { usageThresholdCrossings } from './tables.ts';
import { thresholdsCrossed, type ThresholdCrossing } from './usage-thresholds.ts';

export type { GatedAction } from './refusals.ts';

/** A usage mark crossed by an admitted request, with the plan and period it counted in. */
export interface UsageThresholdNotice extends ThresholdCrossing {
  plan: Entitlement['plan'];
  period: BillingPeriod;
}

/**
 * What one admitted request reserved; `refund()` gives it back exactly, once,
 * however often it is called. A score's charge is in flight until `settle`
 * runs in the transaction that stores its result (charges-in-flight.ts); it
 * throws ChargeLapsedError when the charge was given back meanwhile, so the
 * result is not stored without its charge.
 */
export interface Charge {
  refund(): Promise<void>;
  settle(executor: Executor): Promise<void>;
  /**
   * The reservation to settle by in another process (a score job's worker:
   * settleReservation); null when the charge is not in flight (nothing was
   * charged, or no lease is kept).
   */
  readonly reservationId: string | null;
  /** Settled elsewhere (by reservation id): this instance stops renewing its lease. */
  release(): void;
}

/** The charge's lease lapsed and it was given back before its result was stored. */
export class ChargeLapsedError extends Error {
  override name = 'ChargeLapsedError';
  constructor() {
    super('the charge was given back before its result was stored (its lease lapsed)');
  }
}

export interface AdmissionRequest {
  action: GatedAction;
  /** null for an anonymous caller (only scores are open to them). */
  principal: Principal | null;
  /** The client's address (limits/client-address.ts: clientAddressOf); keys the anonymous cap. */
  clientAddress: string | null;
  /**
   * The "try" endpoint scores anonymously whoever calls, signed in or not: a
   * refusal there points to the signed-in endpoint and its plan allowance,
   * not only to signing in.
   */
  viaTryEndpoint?: boolean;
}

/**
 * Admitted or refused; either way the caller learns where it stands in the
 * window or quota the request counted against (none for an API-key call on
 * a plan without an API-call ceiling).
 */
export type Admission = { ok: true; charge: Charge; rateLimit: RateLimitState | null } | AdmissionRefusal;

export type ApiCallAdmission = { ok: true } | ApiCallRefusal;

/** Actions that spend nothing but are limited per account all the same (issue 24). */
export type ThrottledAction = 'webhook_send' | 'feedback' | 'signal_push' | 'move_dispatch';

export type Throttling = { ok: true; rateLimit: RateLimitState } | RateLimitedRefusal;

const THROTTLED_POLICIES: Record<ThrottledAction, RateLimitPolicy> = {
  webhook_send: WEBHOOK_SEND_RATE_LIMIT,
  feedback: FEEDBACK_RATE_LIMIT,
  signal_push: SIGNAL_PUSH_RATE_LIMIT,
  move_dispatch: MOVE_DISPATCH_RATE_LIMIT,
};

export type Allowance = { ok: true } | PlanLimitRefusal;

export interface AdmissionGateDependencies {
  db: Database;
  clock: Clock;
  entitlements: EntitlementSource;
  limiter: RateLimiter;
  /** The ledger charges and refunds are written to (shared with the usage report). */
  ledger: CreditLedger;
  /** Keeps a score's charge in flight until its result is stored (charges-in-flight.ts); without it, charges are not leased. */
  chargesInFlight?: ChargesInFlight;
  productCount(executor: Executor, accountId: string): Promise<number>;
  /**
   * Runs once per account, period, metric and mark, in the transaction that
   * records the crossing (e.g. the usage.threshold webhook event).
   */
  onThresholdCrossed?: (tx: Transaction, accountId: string, notice: UsageThresholdNotice) => Promise<void>;
  log?: FastifyBaseLogger;
}

/** What counting an API-key call established, kept for the rest of that request. */
interface AdmittedApiCall {
  /** The entitlement the call was counted against, as a starting point for the request's own charge (checked again there). */
  entitlement: RevisedEntitlement;
  /** Where the key's account stands under its monthly API-call ceiling. */
  rateLimit: RateLimitState | null;
}

const ACTION_POLICIES: Record<GatedAction, RateLimitPolicy> = { score: SCORE_RATE_LIMIT, chat: CHAT_RATE_LIMIT };

const ACTION_COSTS: Record<GatedAction, UsageCounts> = {
  score: { ...NO_USAGE, credits: SCORE_CREDIT_COST, scores: 1 },
  chat: { ...NO_USAGE, credits: CHAT_MESSAGE_CREDIT_COST, chatMessages: 1 },
};
const API_CALL_COST: UsageCounts = { ...NO_USAGE, apiCalls: 1 };

/** The RateLimit policy name for the monthly API-call ceiling of API-key calls. */
const API_CALLS_POLICY_NAME = 'api-calls';

const NOTHING_TO_REFUND: Charge = { refund: async () => {}, settle: async () => {}, reservationId: null, release: () => {} };

/**
 * How often a charge is tried against a billing record that turns out to
 * have changed, each time read afresh: a change between a fresh read and the
 * check right after its charge is a payment event landing in that instant,
 * so a second one in a row is all but impossible; the last try charges
 * against a fresh read without the check, as a read followed by a charge
 * always did.
 */
const GUARDED_CHARGE_ATTEMPTS = 3;

/** A charge's outcome, with the entitlement it was decided against. */
type EntitledCharge = { revised: RevisedEntitlement } & ({ ok: true; record: ChargeRecord; used: UsageCounts } | { ok: false });

export class AdmissionGate {
  readonly #deps: AdmissionGateDependencies;
  readonly #ledger: CreditLedger;
  /**
   * Per request: authentication counted the API-key call and read the
   * entitlement for it; the gate, later in the same request, reuses both.
   * Keyed by the request's principal, so it lives exactly as long as the request.
   */
  readonly #admittedApiCalls = new WeakMap<Principal, AdmittedApiCall>();

  constructor(deps: AdmissionGateDependencies) {
    this.#deps = deps;
    this.#ledger = deps.ledger;
  }

  async admit(request: AdmissionRequest): Promise<Admission> {
    const { action, principal } = request;
    if (!principal) return this.#admitAnonymous(action, request.clientAddress, request.viaTryEndpoint ?? false);

    let rateLimit: RateLimitState | null;
    let known: RevisedEntitlement | null;
    if (principal.method === 'api_key') {
      // No per-action limit for API-key calls (part 8): authentication counted this one against the monthly ceiling.
      const apiCall = this.#admittedApiCalls.get(principal);
      if (!apiCall) throw new Error('an API-key principal reaches the gate only through authentication (admitApiCall)');
      rateLimit = apiCall.rateLimit;
      known = apiCall.entitlement;
    } else {
      const policy = ACTION_POLICIES[action];
      const decision = await this.#deps.limiter.check(policy, principal.userId);
      if (!decision.allowed) return rateLimitRefusal(policy, decision);
      rateLimit = rateLimitStateOf(policy, decision);
      known = this.#deps.entitlements.knownEntitlement(principal.accountId);
    }

    const cost = ACTION_COSTS[action];
    const now = this.#deps.clock.now();
    // A score's charge stays in flight until its result is stored; a chat message's is spent as it streams.
    const leaseUntil = action === 'score' ? this.#deps.chargesInFlight?.leaseUntil() : undefined;
    const outcome = await this.#charge(principal.accountId, action, cost, now, known, leaseUntil);
    const { entitlement } = outcome.revised;
    if (outcome.ok) {
      const charge = this.#refundable(outcome.record, leaseUntil !== undefined);
      await this.#recordCrossings(principal.accountId, cost, outcome.used, entitlement, now);
      return { ok: true, charge, rateLimit };
    }

    // The cycle cannot cover this score: a pack score can (part 8 packs; docs: when a pack score is used).
    if (action === 'score') {
      const packCharge = await this.#ledger.takePackScore(principal.accountId, now, leaseUntil);
      if (packCharge) return { ok: true, charge: this.#refundable(packCharge, leaseUntil !== undefined), rateLimit };
    }
    const used = await this.#ledger.usedIn(this.#deps.db, principal.accountId, entitlement.period.start);
    return quotaRefusal({ action, entitlement, used, cost, limits: usageLimits(entitlement) }, rateLimit);
  }

  /**
   * Charges `cost` against the entitlement `known` (as last read, unchecked),
   * then reads the billing record's revision: the same as the entitlement's
   * means no change landed between the read and the charge (revisions only
   * grow), so the charge, or the refusal, was decided against the
   * entitlement in force. Otherwise the charge is given back and made again
   * against a fresh read. A refusal is always decided against a current
   * entitlement. Billing's revision is a value compared here, never a
   * condition inside metering's statement: no metering SQL reads billing's
   * tables.
   */
  async #charge(
    accountId: string,
    action: ChargedAction,
    cost: UsageCounts,
    now: Date,
    known: RevisedEntitlement | null,
    leaseUntil?: Date,
  ): Promise<EntitledCharge> {
    let revised = known;
    for (let attempt = 1; ; attempt++) {
      revised ??= await this.#deps.entitlements.freshEntitlement(accountId);
      const { entitlement } = revised;
      const outcome = await this.#ledger.charge({
        accountId,
        action,
        cost,
        limits: usageLimits(entitlement),
        periodStart: entitlement.period.start,
        now,
        ...(leaseUntil ? { leaseUntil } : {}),
      });
      const last = attempt === GUARDED_CHARGE_ATTEMPTS;
      // The account went while the request came in: the fresh read says so (AccountErasedError).
      if (!outcome.ok && outcome.reason === 'no_account') {
        if (last) throw new AccountErasedError();
        revised = null;
        continue;
      }
      if (last || (await this.#deps.entitlements.entitlementRevision(accountId)) === revised.revision) {
        return outcome.ok ? { ...outcome, revised } : { ok: false, revised };
      }
      if (outcome.ok) await this.#ledger.refund(outcome.record, now);
      revised = null;
    }
  }

  /**
   * Settles a score's charge by its reservation id, in the transaction that
   * stores its result, from any process (a score job's worker); throws
   * ChargeLapsedError when the charge was given back meanwhile (its lease
   * lapsed, or the client left and it was refunded), so the result is not
   * stored without its charge.
   */
  async settleReservation(executor: Executor, reservationId: string): Promise<void> {
    if (!(await this.#ledger.settle(executor, reservationId))) throw new ChargeLapsedError();
  }

  /**
   * Counts one call made with an API key against the monthly ceiling, for
   * the key's principal, at authentication. Refused when the plan no longer
   * includes API access, or when the ceiling is reached. Every authenticated
   * API-key request counts, whatever it then answers.
   */
  async admitApiCall(principal: Principal): Promise<ApiCallAdmission> {
    let known = this.#deps.entitlements.knownEntitlement(principal.accountId);
    // A refusal is decided on a fresh read, never on a remembered plan that may have been upgraded since.
    if (known && !includesApiAccess(known.entitlement.limits)) known = null;
    known ??= await this.#deps.entitlements.freshEntitlement(principal.accountId);
    if (!includesApiAccess(known.entitlement.limits)) return apiAccessEndedRefusal();
    const now = this.#deps.clock.now();
    const outcome = await this.#charge(principal.accountId, 'api_call', API_CALL_COST, now, known);
    const { entitlement } = outcome.revised;
    if (outcome.ok) {
      this.#admittedApiCalls.set(principal, { entitlement: outcome.revised, rateLimit: apiCallState(entitlement, outcome.used.apiCalls, now) });
      return { ok: true };
    }
    // The record changed since the check above, to a plan without API access: its ceiling of 0 refused the call.
    if (!includesApiAccess(entitlement.limits)) return apiAccessEndedRefusal();
    // Unlimited calls always fit, so a refusal has a ceiling, and was refused because it is all used.
    const ceiling = usageLimits(entitlement).apiCalls ?? 0;
    return apiCallCeilingRefusal(entitlement, ceiling, apiCallState(entitlement, ceiling, now));
  }

  /**
   * Counts one request of an action that costs nothing against the
   * account's window for it (webhook test events and redeliveries, feedback),
   * refused with SCORING_RATE_LIMITED once the window is full. Every request
   * counts, as for the per-action limits of part 8; the store failing
   * refuses, as it does there.
   */
  async throttle(action: ThrottledAction, accountId: string): Promise<Throttling> {
    const policy = THROTTLED_POLICIES[action];
    const decision = await this.#deps.limiter.check(policy, accountId);
    if (!decision.allowed) return rateLimitRefusal(policy, decision);
    return { ok: true, rateLimit: rateLimitStateOf(policy, decision) };
  }

  /** Whether the account may create API keys (Business and Enterprise, part 5). */
  async apiKeyCreationAllowance(accountId: string): Promise<Allowance> {
    const entitlement = await this.#deps.entitlements.entitlementOf(accountId);
    return includesApiAccess(entitlement.limits) ? { ok: true } : apiKeysNotInPlanRefusal(entitlement);
  }

  /**
   * For AccountService, on each request of a member: a refusal when the
   * member holds no seat. Seats go to owners and admins first, then to
   * members in the order they joined, so whoever holds one is decided by the
   * membership rows alone: no race between concurrent sign-ins can over-admit.
   * The accounts module counts the seats held ahead of the member, and only
   * when the plan limits seats.
   */
  async seatRefusal(executor: Executor, accountId: string, countSeatsHeldAhead: () => Promise<number>): Promise<PlanLimitRefusal | null> {
    const entitlement = await this.#deps.entitlements.entitlementOf(accountId, executor);
    const seats = entitlement.limits.seats;
    if (seats === null || (await countSeatsHeldAhead()) < seats) return null;
    return seatLimitRefusal(entitlement, seats);
  }

  /** The plan's seat count (null for unlimited). */
  async seatLimit(accountId: string): Promise<number | null> {
    return (await this.#deps.entitlements.entitlementOf(accountId)).limits.seats;
  }

  /**
   * For the products route, inside the transaction that inserts the product:
   * the count and the insert are serialised per account by a transaction
   * lock, so concurrent creations cannot both take the last slot.
   */
  async productAllowance(tx: Executor, accountId: string): Promise<Allowance> {
    await lockAccountLimit(tx, 'products', accountId);
    const entitlement = await this.#deps.entitlements.entitlementOf(accountId, tx);
    const products = entitlement.limits.products;
    if (products === null || (await this.#deps.productCount(tx, accountId)) < products) return { ok: true };
    return productLimitRefusal(entitlement, products);
  }

  /**
   * Records the usage marks this charge crossed, each once per period, and
   * tells the hook in the same transaction. Only a crossing costs a query.
   * The request was admitted and charged whatever happens here, so a
   * failure is logged, not thrown: the caller is not refused for a
   * notification.
   */
  async #recordCrossings(accountId: string, cost: UsageCounts, used: UsageCounts, entitlement: Entitlement, now: Date): Promise<void> {
    const hook = this.#deps.onThresholdCrossed;
    if (!hook) return;
    const crossings = thresholdsCrossed(cost, used, usageLimits(entitlement));
    if (crossings.length === 0) return;
    try {
      await this.#deps.db.transaction(async (tx) => {
        for (const crossing of crossings) {
          const recorded = await tx
            .insert(usageThresholdCrossings)
            .values({ accountId, periodStart: entitlement.period.start, metric: crossing.metric, threshold: crossing.threshold, crossedAt: now })
            .onConflictDoNothing()
            .returning({ accountId: usageThresholdCrossings.accountId });
          if (recorded.length > 0) await hook(tx, accountId, { ...crossing, plan: entitlement.plan, period: entitlement.period });
        }
      });
    } catch (error) {
      this.#deps.log?.error({ err: error, accountId }, 'usage threshold crossing not recorded');
    }
  }

  async #admitAnonymous(action: GatedAction, address: string | null, viaTryEndpoint: boolean): Promise<Admission> {
    // Anonymous callers get no coaching chat (part 8).
    if (action !== 'score') return { ok: false, reason: 'sign_in_required' };
    const decision = await this.#deps.limiter.check(ANONYMOUS_SCORE_CAP, anonymousCapSubject(address));
    if (!decision.allowed) return rateLimitRefusal(ANONYMOUS_SCORE_CAP, decision, { viaTryEndpoint });
    // The slot is spent even if the crawl fails: a sliding-window hit cannot be taken back.
    return { ok: true, charge: NOTHING_TO_REFUND, rateLimit: rateLimitStateOf(ANONYMOUS_SCORE_CAP, decision) };
  }

  #refundable(record: ChargeRecord, leased: boolean): Charge {
    const inFlight = leased ? this.#deps.chargesInFlight : undefined;
    inFlight?.hold(record.reservationId);
    let refunding: Promise<void> | null = null;
    return {
      reservationId: inFlight ? record.reservationId : null,
      release: () => inFlight?.release(record.reservationId),
      settle: async (executor) => {
        if (!inFlight) return;
        inFlight.release(record.reservationId);
        if (!(await this.#ledger.settle(executor, record.reservationId))) throw new ChargeLapsedError();
      },
      refund: () => {
        inFlight?.release(record.reservationId);
        refunding ??= this.#ledger.refund(record, this.#deps.clock.now()).then(
          () => undefined,
          (error: unknown) => {
            // A failed refund may be retried; a successful one is never repeated (the ledger would refuse it anyway).
            refunding = null;
            throw error;
          },
        );
        return refunding;
      },
    };
  }
}

function usageLimits(entitlement: Entitlement): UsageLimits {
  const { limits } = entitlement;
  return { credits: limits.monthlyCredits, scores: limits.scores, chatMessages: limits.chatMessages, apiCalls: limits.apiCalls };
}

/**
 * Where an account stands under its monthly API-call ceiling: a quota whose
 * window is the billing period, e.g. "api-calls";q=25000;w=2678400. None
 * when the plan's calls are unlimited.
 */
function apiCallState(entitlement: Entitlement, used: number, now: Date): RateLimitState | null {
  const limit = entitlement.limits.apiCalls;
  if (limit === null) return null;
  const { start, end } = entitlement.period;
  const quota = { name: API_CALLS_POLICY_NAME, limit, windowSeconds: secondsRoundedUp(end.getTime() - start.getTime()) };
  return rateLimitStateOf(quota, { remaining: Math.max(0, limit - used), msUntilNextSlot: Math.max(0, end.getTime() - now.getTime()) });
}

/** Serialises limit checks of one kind for one account until the caller's transaction ends. */
async function lockAccountLimit(tx: Executor, kind: 'products', accountId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${kind}:${accountId}`}))`);
}
