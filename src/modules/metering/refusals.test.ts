import { describe, expect, it } from 'vitest';
import { entitlementFrom, type BillingState } from '../billing/entitlement.ts';
import { errorBody } from '../../http/errors.ts';
import { NO_USAGE } from './credit-ledger.ts';
import { apiCallCeilingRefusal, quotaRefusal } from './refusals.ts';
import { refusalError } from './api/refusal-responses.ts';

const now = new Date('2026-05-10T00:00:00.000Z');
const anchor = new Date('2026-05-01T00:00:00.000Z');
const RESET = '2026-06-01T00:00:00.000Z';
const SCORE = { ...NO_USAGE, credits: 10, scores: 1 };
const CHAT = { ...NO_USAGE, credits: 1, chatMessages: 1 };

function entitlement(plan: BillingState['plan'], subscription: Partial<NonNullable<BillingState['subscription']>> = {}) {
  const state: BillingState = {
    plan,
    cycleAnchor: anchor,
    seatLimit: null,
    subscription: { startedAt: anchor, periodStart: null, periodEnd: null, unpaidSince: null, ...subscription },
  };
  return entitlementFrom(state, now, 7);
}

function refuse(action: 'score' | 'chat', plan: BillingState['plan'], used: Partial<typeof NO_USAGE>, subscription = {}) {
  const granted = entitlement(plan, subscription);
  const { limits } = granted;
  return errorBody(
    refusalError(
      quotaRefusal(
        {
          action,
          entitlement: granted,
          used: { ...NO_USAGE, ...used },
          cost: action === 'score' ? SCORE : CHAT,
          limits: { credits: limits.monthlyCredits, scores: limits.scores, chatMessages: limits.chatMessages, apiCalls: limits.apiCalls },
        },
        null,
      ),
    ),
  );
}

describe('quotaRefusal', () => {
  it("names the plan's count when that is what stops the action", () => {
    expect(refuse('chat', 'free', { chatMessages: 30, credits: 30 })).toEqual({
      error: {
        code: 'PLAN_LIMIT_REACHED',
        message: 'The Free plan allows 30 chat messages per billing period, and all are used.',
        action: `Upgrade to Pro or wait until the allowance resets at ${RESET}.`,
        retryable: false,
      },
    });
  });

  it('names the credit pool when that is what stops it, and offers a pack for scores on a paid plan', () => {
    expect(refuse('score', 'pro', { credits: 995, scores: 40 })).toEqual({
      error: {
        code: 'CREDIT_EXHAUSTED',
        message: 'The credit pool is used up: 995 of 1000 credits this billing period, and a score costs 10.',
        action: `Buy a score pack (Small 20, Medium 50 or Large 150 scores), upgrade to Business, or wait until the allowance resets at ${RESET}.`,
        retryable: false,
      },
    });
  });

  it('offers no pack for chat (Business: only the upgrade to Enterprise)', () => {
    expect(refuse('chat', 'business', { credits: 2000 }).error).toMatchObject({
      action: `Upgrade to Enterprise or wait until the allowance resets at ${RESET}.`,
    });
  });

  it('tells an account held to Free after a failed payment to fix the payment', () => {
    const held = refuse('score', 'pro', { scores: 3, credits: 30 }, { unpaidSince: new Date('2026-05-01T00:00:00.000Z') });
    expect(held.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'The Free plan allows 3 scores per billing period, and all are used.',
      action: `Update the payment method: a failed payment holds the account to Free limits until a payment succeeds. Or wait until the allowance resets at ${RESET}.`,
    });
  });

  it('names no past date when the paid period ran out unrenewed: the renewal payment starts the next allowance', () => {
    const lapsed = { periodStart: new Date('2026-04-01T00:00:00.000Z'), periodEnd: new Date('2026-05-01T00:00:00.000Z') };
    expect(refuse('score', 'pro', { credits: 1000, scores: 100 }, lapsed).error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      action:
        'Buy a score pack (Small 20, Medium 50 or Large 150 scores), upgrade to Business, or wait for the renewal payment: a new allowance starts when it succeeds.',
    });
    const heldAndLapsed = refuse('chat', 'pro', { chatMessages: 30, credits: 30 }, { ...lapsed, unpaidSince: new Date('2026-05-01T00:00:00.000Z') });
    expect(heldAndLapsed).toMatchObject({
      error: { action: 'Update the payment method: a failed payment holds the account to Free limits until a payment succeeds.' },
    });
  });
});

describe('apiCallCeilingRefusal', () => {
  it('offers no upgrade above Enterprise, only the reset', () => {
    expect(errorBody(refusalError(apiCallCeilingRefusal(entitlement('enterprise'), 100_000, null)))).toEqual({
      error: {
        code: 'PLAN_LIMIT_REACHED',
        message: 'The Enterprise plan allows 100000 API calls per billing period, and all are used.',
        action: `Wait until the allowance resets at ${RESET}.`,
        retryable: false,
      },
    });
  });
});
