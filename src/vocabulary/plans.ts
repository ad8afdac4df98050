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

/** A price as the payment provider holds it: an amount in the currency's smallest unit (cents), and how often it is charged. */
export interface Price {
  /** In the currency's minor unit: 4900 is $49.00. */
  amount: number;
  /** ISO 4217, lower case, as payment providers write it: "usd". */
  currency: string;
  /** A subscription's billing interval; null for a one-time payment (a pack). */
  interval: 'month' | 'year' | null;
}

/** What is priced, keyed as PAYMENT_PRICE_IDS names it: a paid plan, or `pack_<size>`. */
export type PriceKey = PaidPlan | `pack_${ScorePack}`;
export const PRICE_KEYS: readonly PriceKey[] = [...PAID_PLANS, ...SCORE_PACK_NAMES.map((pack) => `pack_${pack}` as const)];

export function priceKeyOf(item: CheckoutItem): PriceKey {
  return item.kind === 'plan' ? item.plan : `pack_${item.pack}`;
}

/** Every price, or null where the provider names none (shown as "at checkout"). */
export type PriceTable = Readonly<Record<PriceKey, Price | null>>;

/**
 * The built-in local provider's prices when PAYMENT_LOCAL_PRICES does not
 * set them, in US cents. The arithmetic behind them: a plan's score is its
 * cheapest (Pro $49 / 100 scores = $0.49 at full use, Business $149 / 200 =
 * $0.75 with API access and 10 seats), and a pack, the top-up when a
 * month's scores run out, costs more per score the smaller it is (Small $29
 * / 20 = $1.45, Medium $59 / 50 = $1.18, Large $149 / 150 = $0.99), so a
 * team that scores every month is better off on the plan above.
 */
export const LOCAL_DEFAULT_PRICES: Readonly<Record<PriceKey, number>> = {
  pro: 4_900,
  business: 14_900,
  enterprise: 49_900,
  pack_small: 2_900,
  pack_medium: 5_900,
  pack_large: 14_900,
};
export const LOCAL_DEFAULT_CURRENCY = 'usd';
