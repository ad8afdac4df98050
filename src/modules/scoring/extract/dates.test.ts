import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDates, findDateMentions } from './dates.ts';

/** What the calendar says: the date exists (as the Date object counts days) and lies in 1990-2100. */
function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? date.toISOString().slice(0, 10) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

describe('findDates', () => {
  it('keeps exactly the real calendar dates, leap days included (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1980, max: 2110 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (year, month, day) => {
        const expected = calendarDate(year, month, day);
        expect(findDates(`Shipped ${year}-${pad(month)}-${pad(day)}.`, [])).toEqual(expected ? [expected] : []);
        expect(findDates('', [`${year}-${pad(month)}-${pad(day)}T10:00:00Z`])).toEqual(expected ? [expected] : []);
      }),
    );
  });

  it('reads month names in both orders', () => {
    expect(findDateMentions('On Feb 29, 2024 and 29 February 2023 and 1st Sept 2025').map((m) => m.date)).toEqual(['2024-02-29', '2025-09-01']);
  });
});
