/**
 * Claim negation on its own (claim-context.ts, isAffirmedClaim): a phrase
 * denied by a negation a few words before it is no claim, whichever way the
 * negation is spelled; a negation that adds ("not just"), or one too far
 * away to bear on the phrase, leaves it a claim. The detection test
 * (page-anatomy.test.ts, "a negated practice") covers one sentence through
 * the whole pipeline; these cover the rule's edges.
 */
import { describe, expect, it } from 'vitest';
import { isAffirmedClaim } from './claim-context.ts';

/** Whether `phrase` counts as a claim where it stands in `sentence`. */
const claims = (sentence: string, phrase: string) => {
  const start = sentence.indexOf(phrase);
  expect(start, `"${phrase}" in "${sentence}"`).toBeGreaterThanOrEqual(0);
  return isAffirmedClaim('security.soc2', sentence, start);
};

describe('a negated claim', () => {
  it('is no claim, however the negation is spelled', () => {
    expect(claims('Acme does not hold a SOC 2 Type II report.', 'SOC 2')).toBe(false);
    expect(claims('Acme doesn’t hold a SOC 2 Type II report.', 'SOC 2')).toBe(false);
    expect(claims("Acme doesn't hold a SOC 2 Type II report.", 'SOC 2')).toBe(false);
    expect(claims('Acme has never been through a SOC 2 audit.', 'SOC 2')).toBe(false);
    expect(claims('Acme runs without a SOC 2 report for now.', 'SOC 2')).toBe(false);
    expect(claims('Acme lacks a SOC 2 report.', 'SOC 2')).toBe(false);
  });

  it('is a claim once the negation is gone, or adds rather than denies, or is too far away to bear on it', () => {
    expect(claims('Acme holds a SOC 2 Type II report.', 'SOC 2')).toBe(true);
    expect(claims('Our audit is not just SOC 2 but ISO 27001 too.', 'SOC 2')).toBe(true);
    // Four words before the phrase are read; "not" here is six away and about the company's size.
    expect(claims('Acme is not a large company, but it holds a SOC 2 Type II report.', 'SOC 2')).toBe(true);
  });
});
