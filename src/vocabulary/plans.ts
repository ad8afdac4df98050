/**
 * The plans of spec part 8 as data: what each plan allows per billing cycle,
 * what each action costs, and the score packs; null means unlimited. Billing
 * sells them, metering enforces them, configuration maps price ids to them:
 * so they live here, under all three.
 */

export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Plans sold through checkout (Free needs no payment; spec part 3). */
export const PAID_PLANS = ['pro', 'business', 'enterprise'] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Part 8: "One score costs 10 credits. One chat message costs 1 credit." */
export const SCORE_CREDIT_COST = 10;
export const CHAT_MESSAGE_CREDIT_COST = 1;

export interface PlanLimits {
  /** Credit pool per billing cycle. */
  monthlyCredits: number | null;
  scores: number | null;
  chatMessages: number | null;
  /** Calls made with an API key per billing cycle; 0 means no programmatic access. */
  apiCalls: number | null;
  products: number | null;
  seats: number | null;
}

/**
 * Part 8's table. Pro's and Business' "up to" score and chat limits are caps
 * inside the shared credit pool (100 scores alone use Pro's 1,000 credits).
 * Enterprise seats are "custom": unlimited unless the account's billing
 * record carries a negotiated seat count (billing_accounts.seat_limit).
 */
export const PLAN_LIMITS: Readonly<Record<Plan, Readonly<PlanLimits>>> = {
  free: { monthlyCredits: 80, scores: 3, chatMessages: 30, apiCalls: 0, products: 1, seats: 1 },
  pro: { monthlyCredits: 1_000, scores: 100, chatMessages: 1_000, apiCalls: 0, products: 5, seats: 3 },
  business: { monthlyCredits: 2_000, scores: 200, chatMessages: 2_000, apiCalls: 25_000, products: 25, seats: 10 },
  enterprise: { monthlyCredits: null, scores: null, chatMessages: null, apiCalls: 100_000, products: null, seats: null },
};

export const PLAN_NAMES: Readonly<Record<Plan, string>> = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' };

/** Part 8 score packs: one-time top-ups for paid plans that never expire and survive cycle resets. */
export const SCORE_PACKS = { small: 20, medium: 50, large: 150 } as const;
export type ScorePack = keyof typeof SCORE_PACKS;
export const SCORE_PACK_NAMES = Object.keys(SCORE_PACKS) as ScorePack[];

export function isPaidPlan(plan: Plan): plan is PaidPlan {
  return plan !== 'free';
}

/** Part 5 and 8: API keys exist on Business and Enterprise only. */
export function includesApiAccess(limits: PlanLimits): boolean {
  return limits.apiCalls === null || limits.apiCalls > 0;
}

/** Whether `plan` is above `than` (plans rise in PLANS order). */
export function isHigherPlan(plan: Plan, than: Plan): boolean {
  return PLANS.indexOf(plan) > PLANS.indexOf(than);
}

/** The next plan up, for refusals that advise an upgrade; null at the top. */
export function upgradeFrom(plan: Plan): Plan | null {
  const next = PLANS[PLANS.indexOf(plan) + 1];
  return next ?? null;
}

/** What a checkout sells: a plan (a subscription) or a score pack (a one-time payment). */
export type CheckoutItem = { kind: 'plan'; plan: PaidPlan } | { kind: 'pack'; pack: ScorePack };
