/**
 * Calendar dates in page text -> ISO yyyy-mm-dd. Used for changelog cadence
 * and staleness, so only full dates count (a bare year says nothing of cadence).
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH_NAME =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';

const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi');
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_NAME}\\s+(\\d{4})\\b`, 'gi');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** yyyy-mm-dd for a real calendar date in the years a web page can mean, else null. (Arithmetic, not Date: it runs for every date on a page.) */
function iso(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function monthNumber(name: string): number {
  return (
    MONTHS[
      name
        .toLowerCase()
        .replace('.', '')
        .slice(0, name.toLowerCase().startsWith('sept') ? 4 : 3)
    ] ?? 0
  );
}

/** A calendar date written in the text, with where it was written. */
export interface DateMention {
  /** ISO yyyy-mm-dd. */
  date: string;
  index: number;
  length: number;
}

/** Every valid calendar date written in the text, in order of position. */
export function findDateMentions(text: string): DateMention[] {
  const mentions: DateMention[] = [];
  const add = (m: RegExpMatchArray, value: string | null) => {
    if (value) mentions.push({ date: value, index: m.index!, length: m[0].length });
  };
  for (const m of text.matchAll(ISO_DATE)) add(m, iso(Number(m[1]), Number(m[2]), Number(m[3])));
  for (const m of text.matchAll(MONTH_DAY_YEAR)) add(m, iso(Number(m[3]), monthNumber(m[1]!), Number(m[2])));
  for (const m of text.matchAll(DAY_MONTH_YEAR)) add(m, iso(Number(m[3]), monthNumber(m[2]!), Number(m[1])));
  return mentions.sort((a, b) => a.index - b.index);
}

/** Dates found in the text, plus machine dates (ISO strings) from markup; sorted and unique. */
export function findDates(text: string, machineDates: string[]): string[] {
  const found = new Set(findDateMentions(text).map((mention) => mention.date));
  for (const value of machineDates) {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
    const date = m ? iso(Number(m[1]), Number(m[2]), Number(m[3])) : null;
    if (date) found.add(date);
  }
  return [...found].sort();
}
