/**
 * What a sync brings back: one value of a `<source>.<metric>` type for one
 * repository or team over one period, with a link to where it was read.
 * Pure helpers the GitHub and Linear readers share.
 */
export interface Measurement {
  type: string;
  value: number;
  /** The repository (owner/name) or team key. */
  scope: string;
  periodStart: Date;
  periodEnd: Date;
  link: string | null;
}

/** The period every sync measures: the 30 days before it. */
export const SYNC_PERIOD_DAYS = 30;
const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

export function syncPeriod(now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getTime() - SYNC_PERIOD_DAYS * DAY_MS), end: now };
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function hoursBetween(from: string | Date, to: string | Date): number {
  return (new Date(to).getTime() - new Date(from).getTime()) / HOUR_MS;
}

export function perWeek(count: number): number {
  return (count * 7) / SYNC_PERIOD_DAYS;
}

export function within(date: string | Date | null | undefined, period: { start: Date; end: Date }): boolean {
  if (!date) return false;
  const time = new Date(date).getTime();
  return time >= period.start.getTime() && time <= period.end.getTime();
}

/** Two decimals: the readers' values are shown to people, and the same inputs must give the same stored value. */
export function rounded(value: number): number {
  return Math.round(value * 100) / 100;
}
