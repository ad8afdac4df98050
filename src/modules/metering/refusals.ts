/**
 * The refusals of the gate and the plan limits (spec part 8), as outcomes:
 * what was refused and why (message), what the caller can do about it
 * (action): upgrade, buy a pack, or wait for the reset, with the date (or,
 * when a paid period has run out unrenewed, for the renewal payment), and
 * where the caller stands in the window or quota that refused it.
 * api/refusal-responses.ts turns each into its answer (status, code,
 * RateLimit fields, Retry-After).
 */
import type { Entitlement } from '../billing/entitlement.ts';
import {
  CHAT_MESSAGE_CREDIT_COST,
  isPaidPlan,
  PLAN_NAMES,
  SCORE_CREDIT_COST,
  SCORE_PACK_NAMES,
  SCORE_PACKS,
  upgradeFrom,
  type Plan,
} from '../../vocabulary/plans.ts';
import { ANONYMOUS_SCORE_CAP, type RateLimitPolicy } from '../limits/policies.ts';
import { retryAfterSeconds, type RateLimitQuota } from '../limits/rate-limit-headers.ts';
import type { RateLimitDecision } from '../limits/rate-limiter.ts';
import type { UsageCounts, UsageLimits } from './credit-ledger.ts';

export type GatedAction = 'score' | 'chat';

/**
 * Where a caller stands in the window, or the monthly quota, a request
 * counted against: what the RateLimit header fields report.
 */
export interface RateLimitState {
  quota: RateLimitQuota;
  /** Hits the quota still admits. */
  remaining: number;
  /** Until more of the quota frees up. */
  msUntilNextSlot: number;
}

/** Too many requests in a window (a per-action limit or the anonymous cap), or the counting store failed. */
export interface RateLimitedRefusal {
  ok: false;
  reason: 'rate_limited';
  message: string;
  action: string;
  rateLimit: RateLimitState;
  retryAfterSeconds: number;
}

/** A count the plan allows is used up: scores, chat messages or API calls this period, or seats, products, API keys. */
export interface PlanLimitRefusal {
  ok: false;
  reason: 'plan_limit_reached';
  message: string;
  action: string;
  /** The window or quota the request counted against, when it counted against one. */
  rateLimit: RateLimitState | null;
}

/** The period's shared credit pool cannot cover the action. */
export interface CreditExhaustedRefusal {
  ok: false;
  reason: 'credit_exhausted';
  message: string;
  action: string;
  rateLimit: RateLimitState | null;
}

/** Anonymous callers may score, and do nothing else (part 8). */
export interface SignInRequiredRefusal {
  ok: false;
  reason: 'sign_in_required';
}

/** A valid key whose account fell below Business: programmatic access has ended. */
export interface ApiAccessEndedRefusal {
  ok: false;
  reason: 'api_access_ended';
  message: string;
}

export type QuotaRefusal = PlanLimitRefusal | CreditExhaustedRefusal;
export type AdmissionRefusal = RateLimitedRefusal | QuotaRefusal | SignInRequiredRefusal;
export type ApiCallRefusal = ApiAccessEndedRefusal | PlanLimitRefusal;
/** Every refusal of the metering module: one closed union, answered by api/refusal-responses.ts. */
export type MeteringRefusal = AdmissionRefusal | ApiCallRefusal;

/** The state of a sliding window after a decision. */
export function rateLimitStateOf(policy: RateLimitQuota, decision: Pick<RateLimitDecision, 'remaining' | 'msUntilNextSlot'>): RateLimitState {
  return { quota: policy, remaining: decision.remaining, msUntilNextSlot: decision.msUntilNextSlot };
}

/** SCORING_RATE_LIMITED (part 8) for the per-action limits and the anonymous cap, with the wait before a retry. */
export function rateLimitRefusal(
  policy: RateLimitPolicy,
  decision: RateLimitDecision,
  caller: { viaTryEndpoint: boolean } = { viaTryEndpoint: false },
): RateLimitedRefusal {
  const retryAfter = retryAfterSeconds(policy, decision);
  const refused = { ok: false, reason: 'rate_limited', rateLimit: rateLimitStateOf(policy, decision), retryAfterSeconds: retryAfter } as const;
  if (decision.storeFailed) {
    return {
      ...refused,
      message: 'The rate limit could not be checked, so the request was refused.',
      action: `Retry in ${retryAfter} seconds.`,
    };
  }
  if (policy.name === ANONYMOUS_SCORE_CAP.name) {
    return {
      ...refused,
      message: `Anonymous scoring is limited to ${policy.limit} score per address per hour.`,
      action: caller.viaTryEndpoint
        ? `For more scores, use POST /api/score signed in (it counts against your plan), or retry in ${retryAfter} seconds.`
        : `Sign in for more scores, or retry in ${retryAfter} seconds.`,
    };
  }
  return {
    ...refused,
    message: `Too many ${policy.name} requests: the limit is ${policy.limit} per ${policy.windowSeconds} seconds.`,
    action: `Wait ${retryAfter} seconds before retrying.`,
  };
}

export interface QuotaContext {
  action: GatedAction;
  entitlement: Entitlement;
  used: UsageCounts;
  cost: UsageCounts;
  limits: UsageLimits;
}

/**
 * A score or chat message the period cannot cover: plan_limit_reached when
 * the plan's count for the action is what stops it, credit_exhausted when
 * the shared credit pool is.
 */
export function quotaRefusal(context: QuotaContext, rateLimit: RateLimitState | null): QuotaRefusal {
  const { action, entitlement, used, cost, limits } = context;
  const plan = PLAN_NAMES[entitlement.limitsPlan];
  const counted = action === 'score' ? ('scores' as const) : ('chatMessages' as const);
  const countLimit = limits[counted];
  const advice = quotaAdvice(action, entitlement);
  if (countLimit !== null && used[counted] + cost[counted] > countLimit) {
    const noun = action === 'score' ? 'scores' : 'chat messages';
    return {
      ok: false,
      reason: 'plan_limit_reached',
      message: `The ${plan} plan allows ${countLimit} ${noun} per billing period, and all are used.`,
      action: advice,
      rateLimit,
    };
  }
  const price = action === 'score' ? `a score costs ${SCORE_CREDIT_COST}` : `a chat message costs ${CHAT_MESSAGE_CREDIT_COST}`;
  return {
    ok: false,
    reason: 'credit_exhausted',
    message: `The credit pool is used up: ${used.credits} of ${limits.credits} credits this billing period, and ${price}.`,
    action: advice,
    rateLimit,
  };
}

/** The monthly API-call ceiling is reached (our answer: part 8 leaves it "not shown"). */
export function apiCallCeilingRefusal(entitlement: Entitlement, limit: number, rateLimit: RateLimitState | null): PlanLimitRefusal {
  const next = upgradeFrom(entitlement.limitsPlan);
  return {
    ok: false,
    reason: 'plan_limit_reached',
    message: `The ${PLAN_NAMES[entitlement.limitsPlan]} plan allows ${limit} API calls per billing period, and all are used.`,
    action: sentence([...(next ? [`upgrade to ${PLAN_NAMES[next]}`] : []), waitForReset(entitlement)]),
    rateLimit,
  };
}

/** A member beyond the plan's seats. */
export function seatLimitRefusal(entitlement: Entitlement, seats: number): PlanLimitRefusal {
  return {
    ok: false,
    reason: 'plan_limit_reached',
    message: `The ${PLAN_NAMES[entitlement.limitsPlan]} plan allows ${seats} ${seats === 1 ? 'seat' : 'seats'}, and all are taken.`,
    action: `Ask an owner to ${upgradeAdvice(entitlement.limitsPlan)}, or to free a seat by removing a member.`,
    rateLimit: null,
  };
}

/** A new product would exceed the plan's products. */
export function productLimitRefusal(entitlement: Entitlement, products: number): PlanLimitRefusal {
  return {
    ok: false,
    reason: 'plan_limit_reached',
    message: `The ${PLAN_NAMES[entitlement.limitsPlan]} plan allows ${products} ${products === 1 ? 'product' : 'products'}, and all are in use.`,
    action: sentence([upgradeAdvice(entitlement.limitsPlan), 'delete a product you no longer track']),
    rateLimit: null,
  };
}

/** Creating API keys needs Business or Enterprise (part 5). */
export function apiKeysNotInPlanRefusal(entitlement: Entitlement): PlanLimitRefusal {
  return {
    ok: false,
    reason: 'plan_limit_reached',
    message: `API keys are part of the Business and Enterprise plans; this account is on ${PLAN_NAMES[entitlement.limitsPlan]}.`,
    action: entitlement.heldToFreeLimits ? PAYMENT_ADVICE : 'Upgrade to Business or Enterprise to create API keys.',
    rateLimit: null,
  };
}

/** A valid key whose account no longer has programmatic access (fell below Business). */
export function apiAccessEndedRefusal(): ApiAccessEndedRefusal {
  return {
    ok: false,
    reason: 'api_access_ended',
    message: 'API access requires the Business or Enterprise plan, and the account of this key is no longer on one.',
  };
}

const PAYMENT_ADVICE = 'Update the payment method: a failed payment holds the account to Free limits until a payment succeeds.';

/** "Small 20, Medium 50 or Large 150 scores", from SCORE_PACKS. */
const PACK_SIZES = `${sentenceList(
  SCORE_PACK_NAMES.map((pack) => `${pack.charAt(0).toUpperCase()}${pack.slice(1)} ${SCORE_PACKS[pack]}`),
  '',
)} scores`;

function quotaAdvice(action: GatedAction, entitlement: Entitlement): string {
  if (entitlement.heldToFreeLimits) return entitlement.awaitingRenewal ? PAYMENT_ADVICE : `${PAYMENT_ADVICE} Or ${waitForReset(entitlement)}.`;
  const options: string[] = [];
  if (action === 'score' && isPaidPlan(entitlement.limitsPlan)) options.push(`buy a score pack (${PACK_SIZES})`);
  const next = upgradeFrom(entitlement.limitsPlan);
  if (next) options.push(`upgrade to ${PLAN_NAMES[next]}`);
  options.push(waitForReset(entitlement));
  return sentence(options);
}

function upgradeAdvice(plan: Plan): string {
  const next = upgradeFrom(plan);
  return next ? `upgrade to ${PLAN_NAMES[next]}` : 'negotiate a higher Enterprise limit';
}

/** A lapsed paid period has no reset date to wait for: its renewal payment starts the next allowance. */
function waitForReset(entitlement: Entitlement): string {
  if (entitlement.awaitingRenewal) return 'wait for the renewal payment: a new allowance starts when it succeeds';
  return `wait until the allowance resets at ${entitlement.period.end.toISOString()}`;
}

/** ["a", "b"] -> "A or b."; ["a", "b", "c"] -> "A, b, or c." */
function sentence(options: string[]): string {
  const text = sentenceList(options, ',');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** ["a", "b", "c"] -> "a, b<serialComma> or c". */
function sentenceList(items: string[], serialComma: string): string {
  const last = items.at(-1) ?? '';
  return items.length <= 1 ? last : `${items.slice(0, -1).join(', ')}${items.length > 2 ? serialComma : ''} or ${last}`;
}
