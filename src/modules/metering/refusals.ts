/**
 * The refusals of the gate and the plan limits, as ApiErrors in the nested
 * shape of spec part 7: what was refused and why (message), and what the
 * caller can do about it (action): upgrade, buy a pack, or wait for the
 * reset, with the date (or, when a paid period has run out unrenewed, for
 * the renewal payment).
 */
import { ApiError } from '../../http/errors.ts';
import type { Entitlement } from '../billing/entitlement.ts';
import { CHAT_MESSAGE_CREDIT_COST, isPaidPlan, PLAN_NAMES, SCORE_CREDIT_COST, SCORE_PACK_NAMES, SCORE_PACKS, upgradeFrom, type Plan } from '../billing/plans.ts';
import { ANONYMOUS_SCORE_CAP, type RateLimitPolicy } from '../limits/policies.ts';
import { retryAfterSeconds } from '../limits/rate-limit-headers.ts';
import type { RateLimitDecision } from '../limits/rate-limiter.ts';
import type { UsageCounts, UsageLimits } from './credit-ledger.ts';

/** Response header fields that go with an answer. */
export type ResponseHeaders = Record<string, string>;
export type GatedAction = 'score' | 'chat';

/** 429 SCORING_RATE_LIMITED (part 8) for the per-action limits and the anonymous cap, with Retry-After. */
export function rateLimitRefusal(policy: RateLimitPolicy, decision: RateLimitDecision, headers: ResponseHeaders, caller: { viaTryEndpoint: boolean } = { viaTryEndpoint: false }): ApiError {
  const retryAfter = retryAfterSeconds(policy, decision);
  const allHeaders = { ...headers, 'Retry-After': String(retryAfter) };
  if (decision.storeFailed) {
    return new ApiError('SCORING_RATE_LIMITED', {
      message: 'The rate limit could not be checked, so the request was refused.',
      action: `Retry in ${retryAfter} seconds.`,
      headers: allHeaders,
    });
  }
  if (policy.name === ANONYMOUS_SCORE_CAP.name) {
    return new ApiError('SCORING_RATE_LIMITED', {
      message: `Anonymous scoring is limited to ${policy.limit} score per address per hour.`,
      action: caller.viaTryEndpoint
        ? `For more scores, use POST /api/score signed in (it counts against your plan), or retry in ${retryAfter} seconds.`
        : `Sign in for more scores, or retry in ${retryAfter} seconds.`,
      headers: allHeaders,
    });
  }
  return new ApiError('SCORING_RATE_LIMITED', {
    message: `Too many ${policy.name} requests: the limit is ${policy.limit} per ${policy.windowSeconds} seconds.`,
    action: `Wait ${retryAfter} seconds before retrying.`,
    headers: allHeaders,
  });
}

export interface QuotaContext {
  action: GatedAction;
  entitlement: Entitlement;
  used: UsageCounts;
  cost: UsageCounts;
  limits: UsageLimits;
}

/**
 * 402 for a score or chat message the period cannot cover: PLAN_LIMIT_REACHED
 * when the plan's count for the action is what stops it, CREDIT_EXHAUSTED
 * when the shared credit pool is.
 */
export function quotaRefusal(context: QuotaContext, headers: ResponseHeaders): ApiError {
  const { action, entitlement, used, cost, limits } = context;
  const plan = PLAN_NAMES[entitlement.limitsPlan];
  const counted = action === 'score' ? ('scores' as const) : ('chatMessages' as const);
  const countLimit = limits[counted];
  const advice = quotaAdvice(action, entitlement);
  if (countLimit !== null && used[counted] + cost[counted] > countLimit) {
    const noun = action === 'score' ? 'scores' : 'chat messages';
    return new ApiError('PLAN_LIMIT_REACHED', {
      message: `The ${plan} plan allows ${countLimit} ${noun} per billing period, and all are used.`,
      action: advice,
      headers,
    });
  }
  const price = action === 'score' ? `a score costs ${SCORE_CREDIT_COST}` : `a chat message costs ${CHAT_MESSAGE_CREDIT_COST}`;
  return new ApiError('CREDIT_EXHAUSTED', {
    message: `The credit pool is used up: ${used.credits} of ${limits.credits} credits this billing period, and ${price}.`,
    action: advice,
    headers,
  });
}

/** 402 PLAN_LIMIT_REACHED for the monthly API-call ceiling (our answer: part 8 leaves it "not shown"). */
export function apiCallCeilingRefusal(entitlement: Entitlement, limit: number, headers: ResponseHeaders): ApiError {
  const next = upgradeFrom(entitlement.limitsPlan);
  return new ApiError('PLAN_LIMIT_REACHED', {
    message: `The ${PLAN_NAMES[entitlement.limitsPlan]} plan allows ${limit} API calls per billing period, and all are used.`,
    action: sentence([...(next ? [`upgrade to ${PLAN_NAMES[next]}`] : []), waitForReset(entitlement)]),
    headers,
  });
}

/** 402 PLAN_LIMIT_REACHED for a member beyond the plan's seats. */
export function seatLimitRefusal(entitlement: Entitlement, seats: number): ApiError {
  return new ApiError('PLAN_LIMIT_REACHED', {
    message: `The ${PLAN_NAMES[entitlement.limitsPlan]} plan allows ${seats} ${seats === 1 ? 'seat' : 'seats'}, and all are taken.`,
    action: `Ask an owner to ${upgradeAdvice(entitlement.limitsPlan)}, or to free a seat by removing a member.`,
  });
}

/** 402 PLAN_LIMIT_REACHED when a new product would exceed the plan's products. */
export function productLimitRefusal(entitlement: Entitlement, products: number): ApiError {
  return new ApiError('PLAN_LIMIT_REACHED', {
    message: `The ${PLAN_NAMES[entitlement.limitsPlan]} plan allows ${products} ${products === 1 ? 'product' : 'products'}, and all are in use.`,
    action: sentence([upgradeAdvice(entitlement.limitsPlan), 'delete a product you no longer track']),
  });
}

/** 402 PLAN_LIMIT_REACHED: creating API keys needs Business or Enterprise (part 5). */
export function apiKeysNotInPlanRefusal(entitlement: Entitlement): ApiError {
  return new ApiError('PLAN_LIMIT_REACHED', {
    message: `API keys are part of the Business and Enterprise plans; this account is on ${PLAN_NAMES[entitlement.limitsPlan]}.`,
    action: entitlement.heldToFreeLimits ? PAYMENT_ADVICE : 'Upgrade to Business or Enterprise to create API keys.',
  });
}

/** 403: a valid key whose account no longer has programmatic access (fell below Business). */
export function apiAccessEndedRefusal(): ApiError {
  return new ApiError('FORBIDDEN', { message: 'API access requires the Business or Enterprise plan, and the account of this key is no longer on one.' });
}

const PAYMENT_ADVICE = 'Update the payment method: a failed payment holds the account to Free limits until a payment succeeds.';

/** "Small 20, Medium 50 or Large 150 scores", from SCORE_PACKS. */
const PACK_SIZES = `${sentenceList(SCORE_PACK_NAMES.map((pack) => `${pack.charAt(0).toUpperCase()}${pack.slice(1)} ${SCORE_PACKS[pack]}`), '')} scores`;

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
