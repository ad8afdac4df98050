import { describe, expect, it } from 'vitest';
import { CrawlBudget, FAILED_FETCHES_PER_PAGE, failedFetchAllowance, MIN_FAILED_FETCHES } from './crawl-budget.ts';

describe('failedFetchAllowance', () => {
  it('is two per page of budget, but never fewer than a few dozen', () => {
    expect(failedFetchAllowance(6)).toBe(MIN_FAILED_FETCHES);
    expect(failedFetchAllowance(25)).toBe(Math.max(MIN_FAILED_FETCHES, 25 * FAILED_FETCHES_PER_PAGE));
    expect(failedFetchAllowance(200)).toBe(200 * FAILED_FETCHES_PER_PAGE);
  });
});

describe('CrawlBudget', () => {
  it('counts only pages read toward the page budget', () => {
    const budget = new CrawlBudget(12);
    expect(budget.roundSize(1)).toBe(11);
    budget.spend(11, 0);
    expect(budget.roundSize(1)).toBe(11);
    budget.spend(11, 10);
    expect(budget.roundSize(11)).toBe(1);
    expect(budget.roundSize(12)).toBe(0);
  });

  it('stops once failed fetches have used their allowance, never asking for more than is left', () => {
    const budget = new CrawlBudget(12);
    budget.spend(failedFetchAllowance(12) - 3, 0);
    expect(budget.roundSize(1)).toBe(3);
    budget.spend(3, 0);
    expect(budget.roundSize(1)).toBe(0);
  });
});
