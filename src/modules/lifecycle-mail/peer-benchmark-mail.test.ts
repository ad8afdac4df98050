/** The peer benchmark update's rules: what counts as a material move, whom the figures concern, and what the mail says. */
import { describe, expect, it } from 'vitest';
import type { CompanyScore } from '../scoring/segment-scores.ts';
import { materiallyChanged, ordinal, peerBenchmarkMailFor, subscribersOf } from './peer-benchmark-mail.ts';

const figures = (p25: number, p50: number, p75: number) => ({ p25, p50, p75 });

describe('materiallyChanged', () => {
  it('is true for a first update, and when the median or a quartile moved by a point or more since the figures last mailed', () => {
    const before = figures(55, 62.5, 70);
    expect(materiallyChanged(null, before)).toBe(true);
    expect(materiallyChanged(before, before)).toBe(false);
    expect(materiallyChanged(before, figures(55.75, 63.25, 69.25))).toBe(false);
    expect(materiallyChanged(before, figures(56, 62.5, 70))).toBe(true);
    expect(materiallyChanged(before, figures(55, 61.5, 70))).toBe(true);
    expect(materiallyChanged(before, figures(55, 62.5, 71.25))).toBe(true);
  });
});

describe('subscribersOf', () => {
  const score = (resultId: string, accountId: string, scoredAt: string): CompanyScore => ({
    resultId,
    accountId,
    company: `${resultId}.example`,
    totalScore: 60,
    dimensionScores: {},
    scoredAt: new Date(scoredAt),
  });

  it('gives each account behind the pool once, with its newest score in it', () => {
    const pool = [score('a-old', 'a', '2026-01-01T00:00:00Z'), score('b-only', 'b', '2026-01-02T00:00:00Z'), score('a-new', 'a', '2026-02-01T00:00:00Z')];
    const subscribers = subscribersOf(pool);
    expect([...subscribers.keys()].sort()).toEqual(['a', 'b']);
    expect(subscribers.get('a')!.resultId).toBe('a-new');
    expect(subscribers.get('b')!.resultId).toBe('b-only');
  });
});

describe('ordinal', () => {
  it.each([
    [0, '0th'],
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [52, '52nd'],
    [100, '100th'],
  ])('%i is %s', (n, text) => expect(ordinal(n)).toBe(text));
});

describe('peerBenchmarkMailFor', () => {
  const own = { resultId: '7d0c6b0e-0000-4000-8000-000000000001', company: 'acme.example', totalScore: 66, percentile: 57 };

  it('states the first figures without a "before", and the account\'s percentile with a link to its result', () => {
    const mail = peerBenchmarkMailFor({ segmentLabel: 'B2B SaaS', companies: 6, total: figures(56.25, 65, 77.5), before: null, own }, 'https://s.example');
    expect(mail.subject).toBe('Your peer benchmark: B2B SaaS');
    expect(mail.text).toContain('covers the latest scores of 6 companies, one from each of 6 other accounts on a paid plan (at least 5).');
    expect(mail.text).toContain('Median total: 65.\n');
    expect(mail.text).toContain('(25th to 75th percentile): 56.25 to 77.5.\n');
    expect(mail.text).toContain('Your latest score in this segment, acme.example: 66, at the 57th percentile.');
    expect(mail.text).toContain(`https://s.example/r/${own.resultId}`);
    expect(mail.text).not.toContain('was');
    expect(mail.html).toContain(`<a href="https://s.example/r/${own.resultId}">`);
  });

  it('states an update against the figures last mailed, and escapes what it puts in HTML', () => {
    const mail = peerBenchmarkMailFor(
      { segmentLabel: 'R&D <tools>', companies: 7, total: figures(65, 80, 92.5), before: figures(56.25, 65, 77.5), own },
      'https://s.example',
    );
    expect(mail.subject).toBe('Peer benchmark update: R&D <tools>');
    expect(mail.text).toContain('The peer benchmark for R&D <tools> has moved. It now covers the latest scores of 7 companies.');
    expect(mail.text).toContain('Median total: 80 (was 65).');
    expect(mail.text).toContain('(25th to 75th percentile): 65 to 92.5 (was 56.25 to 77.5).');
    expect(mail.html).toContain('R&amp;D &lt;tools&gt;');
    expect(mail.html).not.toContain('<tools>');
  });
});
