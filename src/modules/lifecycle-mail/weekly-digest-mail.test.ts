/** ISO weeks for the weekly digest, across year boundaries (the week belongs to the year of its Thursday). */
import { describe, expect, it } from 'vitest';
import { isoWeekOf, reportedWeek, weeklyDigestFor } from './weekly-digest-mail.ts';

const at = (iso: string) => new Date(iso);

describe('isoWeekOf', () => {
  it.each([
    ['2026-11-25T12:00:00Z', '2026-W48', '2026-11-23'],
    ['2026-12-31T23:59:59Z', '2026-W53', '2026-12-28'],
    ['2027-01-03T12:00:00Z', '2026-W53', '2026-12-28'],
    ['2027-01-04T00:00:00Z', '2027-W01', '2027-01-04'],
    ['2025-12-29T00:00:00Z', '2026-W01', '2025-12-29'],
    ['2026-03-22T23:59:59Z', '2026-W12', '2026-03-16'],
  ])('%s is in %s, which starts on %s', (when, label, monday) => {
    const week = isoWeekOf(at(when));
    expect(week.label).toBe(label);
    expect(week.start.toISOString()).toBe(`${monday}T00:00:00.000Z`);
    expect(week.end.getTime() - week.start.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  });
});

describe('reportedWeek', () => {
  it('is the last whole week, from Monday 00:00 UTC on', () => {
    expect(reportedWeek(at('2026-03-23T00:00:00Z')).label).toBe('2026-W12');
    expect(reportedWeek(at('2026-03-22T23:59:59Z')).label).toBe('2026-W11');
    expect(reportedWeek(at('2027-01-04T00:30:00Z')).label).toBe('2026-W53');
  });
});

describe('weeklyDigestFor', () => {
  const week = isoWeekOf(at('2026-03-18T12:00:00Z'));
  const usage = { periodStart: '2026-03-01T00:00:00Z', periodEnd: '2026-04-01T00:00:00Z', scores: { used: 2, limit: 10 }, credits: { used: 20, limit: 100 } };
  const score = { url: 'https://acme.example/', companyName: 'Acme', stageName: 'Building', change: null } as const;

  it('labels a quick score with the pages it read, and a full one not at all', () => {
    const mail = weeklyDigestFor(
      week,
      [
        { ...score, id: '00000000-0000-4000-8000-000000000001', totalScore: 41, depth: 'quick', pagesAnalyzed: 6 },
        { ...score, id: '00000000-0000-4000-8000-000000000002', totalScore: 60, depth: 'full', pagesAnalyzed: 24 },
      ],
      usage,
      'https://maturity.example',
    );
    expect(mail.text).toContain('- Acme: 41, Building (Quick score: 6 pages read): https://maturity.example/r/00000000-0000-4000-8000-000000000001');
    expect(mail.text).toContain('- Acme: 60, Building: https://maturity.example/r/00000000-0000-4000-8000-000000000002');
    expect(mail.html).toContain('Acme: 41, Building (Quick score: 6 pages read)');
  });
});
