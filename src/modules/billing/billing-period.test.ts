import { describe, expect, it } from 'vitest';
import { addMonths, monthlyPeriodContaining } from './billing-period.ts';

const at = (iso: string) => new Date(iso);
const iso = (period: { start: Date; end: Date }) => [period.start.toISOString(), period.end.toISOString()];

describe('monthlyPeriodContaining', () => {
  const anchor = at('2026-01-15T10:30:00.000Z');

  it('starts the first period at the anchor', () => {
    expect(iso(monthlyPeriodContaining(anchor, anchor))).toEqual(['2026-01-15T10:30:00.000Z', '2026-02-15T10:30:00.000Z']);
  });

  it('moves to the next period exactly at the monthly boundary', () => {
    expect(iso(monthlyPeriodContaining(anchor, at('2026-02-15T10:29:59.999Z')))[0]).toBe('2026-01-15T10:30:00.000Z');
    expect(iso(monthlyPeriodContaining(anchor, at('2026-02-15T10:30:00.000Z')))[0]).toBe('2026-02-15T10:30:00.000Z');
  });

  it('counts across years', () => {
    expect(iso(monthlyPeriodContaining(anchor, at('2027-03-01T00:00:00.000Z')))).toEqual(['2027-02-15T10:30:00.000Z', '2027-03-15T10:30:00.000Z']);
  });

  it('clamps an anchor on the 31st to shorter months and returns to the 31st after', () => {
    const endOfMonth = at('2026-01-31T00:00:00.000Z');
    expect(iso(monthlyPeriodContaining(endOfMonth, at('2026-02-28T12:00:00.000Z')))).toEqual(['2026-02-28T00:00:00.000Z', '2026-03-31T00:00:00.000Z']);
    expect(iso(monthlyPeriodContaining(endOfMonth, at('2028-02-29T00:00:00.000Z')))[0]).toBe('2028-02-29T00:00:00.000Z');
  });

  it('answers the first period for a time before the anchor (a clock behind the anchor)', () => {
    expect(iso(monthlyPeriodContaining(anchor, at('2025-12-01T00:00:00.000Z')))[0]).toBe('2026-01-15T10:30:00.000Z');
  });

  it('always contains now, for every day of a leap year against every anchor day', () => {
    for (let anchorDay = 1; anchorDay <= 31; anchorDay++) {
      const start = at(`2027-12-${String(anchorDay).padStart(2, '0')}T08:00:00.000Z`);
      for (let day = 0; day < 366; day++) {
        const now = new Date(Date.UTC(2028, 0, 1 + day, 7));
        const period = monthlyPeriodContaining(start, now);
        expect(period.start <= now && now < period.end, `${start.toISOString()} ${now.toISOString()}`).toBe(true);
      }
    }
  });
});

describe('addMonths', () => {
  it('keeps the time of day and clamps the day', () => {
    expect(addMonths(at('2026-03-31T23:59:59.999Z'), 1).toISOString()).toBe('2026-04-30T23:59:59.999Z');
    expect(addMonths(at('2026-11-30T01:00:00.000Z'), 3).toISOString()).toBe('2027-02-28T01:00:00.000Z');
  });
});
