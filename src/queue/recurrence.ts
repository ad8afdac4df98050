/**
 * Recurring work as cron (pg-boss schedules): a period in milliseconds
 * becomes the cron expression of the largest whole period that cron can say
 * and that is not longer (minutes dividing an hour, hours dividing a day, a
 * day, a week), so "every 90 minutes" runs every hour rather than drifting.
 */
export interface Recurrence {
  cron: string;
  /** The period the cron expression repeats at, in ms: runDue's periods (job-runner.ts). */
  everyMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const PERIODS: Recurrence[] = [
  ...[1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30].map((m) => ({ cron: m === 1 ? '* * * * *' : `*/${m} * * * *`, everyMs: m * MINUTE })),
  ...[1, 2, 3, 4, 6, 8, 12].map((h) => ({ cron: h === 1 ? '0 * * * *' : `0 */${h} * * *`, everyMs: h * HOUR })),
  { cron: '0 0 * * *', everyMs: DAY },
  // Sunday 00:00 UTC; runDue's weekly periods are counted from the epoch (a Thursday): tests only.
  { cron: '0 0 * * 0', everyMs: 7 * DAY },
];

export function recurrenceEvery(everyMs: number): Recurrence {
  const fitting = PERIODS.filter((period) => period.everyMs <= everyMs);
  const chosen = fitting[fitting.length - 1];
  if (!chosen) throw new Error(`a recurring job runs at most once a minute; asked every ${everyMs} ms`);
  return chosen;
}
