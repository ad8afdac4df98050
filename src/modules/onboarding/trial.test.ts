import { describe, expect, it } from 'vitest';
import { coverageOf, isReadOnly, orgMapBlocker, readOnlyRefusal, trialDay, trialDaysRemaining, type TrialFacts } from './trial.ts';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2026-03-01T09:30:00.000Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);
const facts = (days: number, overrides: Partial<TrialFacts> = {}): TrialFacts => ({
  trialStartedAt: start,
  now: at(days),
  completions: { welcomeInterview: null, orgMap: null },
  onPaidPlan: false,
  ...overrides,
});
const noProducts = { products: [] };

describe('the trial', () => {
  it.each([
    [0, 30, false],
    [0.5, 30, false],
    [7, 23, false],
    [13.99, 17, false],
    [14, 16, true],
    [25, 5, true],
    [29.9, 1, true],
    [30, 0, true],
    [31, 0, true],
    [400, 0, true],
  ])('Day %s: %s days remaining, read-only %s with both milestones missing', (days, remaining, readOnly) => {
    expect(trialDaysRemaining(facts(days))).toBe(remaining);
    expect(isReadOnly(facts(days))).toBe(readOnly);
  });

  it('counts a clock behind the start as Day 0, never negative', () => {
    expect(trialDay(start, at(-2))).toBe(0);
    expect(trialDaysRemaining(facts(-2))).toBe(30);
  });

  it('is read-only from Day 14 while either milestone is missing, and not once both are complete', () => {
    const done = new Date(at(15));
    expect(isReadOnly(facts(15, { completions: { welcomeInterview: done, orgMap: null } }))).toBe(true);
    expect(isReadOnly(facts(15, { completions: { welcomeInterview: null, orgMap: done } }))).toBe(true);
    expect(isReadOnly(facts(15, { completions: { welcomeInterview: done, orgMap: done } }))).toBe(false);
  });

  it('ends with a paid plan: no days remaining and never read-only', () => {
    expect(trialDaysRemaining(facts(3, { onPaidPlan: true }))).toBe(0);
    expect(isReadOnly(facts(20, { onPaidPlan: true }))).toBe(false);
  });
});

describe('the coverage record', () => {
  it('reports the five positions with their dates, and which are reached', () => {
    const record = coverageOf(facts(14), noProducts);
    expect(record.positions).toEqual([
      { day: 0, at: '2026-03-01T09:30:00.000Z', reached: true },
      { day: 7, at: '2026-03-08T09:30:00.000Z', reached: true },
      { day: 14, at: '2026-03-15T09:30:00.000Z', reached: true },
      { day: 25, at: '2026-03-26T09:30:00.000Z', reached: false },
      { day: 30, at: '2026-03-31T09:30:00.000Z', reached: false },
    ]);
    expect(record.trialStartedAt).toBe('2026-03-01T09:30:00.000Z');
  });

  it('gives an incomplete milestone a blocker in plain words and a complete one an empty blocker', () => {
    const completedAt = at(2);
    const record = coverageOf(facts(3, { completions: { welcomeInterview: completedAt, orgMap: null } }), noProducts);
    expect(record.milestones.welcomeInterview).toEqual({ completedAt: completedAt.toISOString(), blocker: '' });
    expect(record.milestones.orgMap.completedAt).toBeNull();
    expect(record.milestones.orgMap.blocker).toMatch(/^No product yet/);
  });
});

describe('the org map blocker', () => {
  it('names the functions still without an owner on the product closest to complete', () => {
    const blocker = orgMapBlocker({
      products: [
        { name: 'Far', missing: ['strategy', 'design', 'development', 'intelligence', 'operations', 'gtm'] },
        { name: 'Near', missing: ['design', 'gtm'] },
      ],
    });
    expect(blocker).toContain('no owner for design, gtm of Near');
  });

  it('says "any of its six functions" when none is named', () => {
    expect(orgMapBlocker({ products: [{ name: 'Solo', missing: ['strategy', 'design', 'development', 'intelligence', 'operations', 'gtm'] }] })).toContain(
      'no owner for any of its six functions of Solo',
    );
  });
});

describe('the read-only refusal', () => {
  it('tells an owner or admin what lifts it, and a member whom to ask', () => {
    const owner = readOnlyRefusal(['orgMap'], 'owner');
    expect(owner.action).toMatch(/^To lift it at once, name an owner for all six functions/);
    expect(owner.action).toContain('POST /api/payment/checkout');
    const member = readOnlyRefusal(['welcomeInterview', 'orgMap'], 'member');
    expect(member.action).toMatch(/^Ask an owner or admin to answer the welcome interview .* and name an owner/);
  });
});
