/** ISO weeks for the weekly digest, across year boundaries (the week belongs to the year of its Thursday). */
import { describe, expect, it } from 'vitest';
import { isoWeekOf, reportedWeek } from './weekly-digest-mail.ts';

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
