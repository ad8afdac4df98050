import { describe, expect, it } from 'vitest';
import { testPage } from '../../../../test/fixtures/test-pages.ts';
import { cadenceStrength, CADENCE_CURVE, medianGapDays } from './changelog.ts';
import { detectSignals } from './detect-signals.ts';

describe('changelog cadence', () => {
  it('measures the median gap over the most recent entries', () => {
    expect(medianGapDays(['2026-01-01'])).toBeNull();
    expect(medianGapDays(['2026-01-15', '2026-01-01', '2026-01-08'])).toBe(7);
    expect(medianGapDays(['2026-01-01', '2026-01-08', '2026-01-22', '2026-02-22'])).toBe(14);
    // Only the last twelve count: an old gap of a year does not dilute a weekly rhythm.
    const weekly = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 5, 1 + 7 * i)).toISOString().slice(0, 10));
    expect(medianGapDays(['2024-01-01', ...weekly])).toBe(7);
  });

  it('maps the gap through the named curve, weekly strongest', () => {
    expect(cadenceStrength(7)).toBe(1);
    expect(cadenceStrength(10)).toBe(0.8);
    expect(cadenceStrength(30)).toBe(0.5);
    expect(cadenceStrength(90)).toBe(0.25);
    expect(cadenceStrength(200)).toBe(0);
    expect(CADENCE_CURVE.map((step) => step.strength)).toEqual([...CADENCE_CURVE.map((step) => step.strength)].sort((a, b) => b - a));
  });

  it('quotes the newest entry for the count and the one before it for the cadence', () => {
    const page = testPage({
      path: '/changelog',
      main: '<h1>Changelog</h1><h2>May 4, 2026: Xero sync</h2><h2>June 2, 2026: Reminders</h2><h2>July 1, 2026: Danish invoices</h2>',
    });
    const findings = detectSignals([page]);
    const entries = findings.find((f) => f.signal === 'changelog.dated_entries')!;
    const cadence = findings.find((f) => f.signal === 'changelog.cadence')!;
    expect(entries.evidence).toEqual({ kind: 'quote', text: 'July 1, 2026: Danish invoices' });
    expect(entries.strength).toBeCloseTo(3 / 6);
    expect(cadence.evidence).toEqual({ kind: 'quote', text: 'June 2, 2026: Reminders' });
    expect(cadence.strength).toBe(0.5);
  });

  it('cites a date known only from markup as a dates observation', () => {
    const main = ['2026-10-01', '2026-10-08', '2026-10-15'].map((d) => `<time datetime="${d}">a week ago</time>`).join('<br>');
    const findings = detectSignals([testPage({ path: '/changelog', main: `<h1>Changelog</h1>${main}` })]);
    expect(findings.find((f) => f.signal === 'changelog.dated_entries')!.evidence).toEqual({ kind: 'observation', source: 'dates', text: '2026-10-15' });
  });
});
