/**
 * Billing cycles. A paid cycle is the period of the last renewal invoice; a
 * cycle we have no invoice for (Free, or a subscription whose first invoice
 * has not arrived) is a calendar month counted from an anchor: the account's
 * creation for Free, the subscription's start for a paid plan. A month from
 * the 31st ends on the last day of a shorter month, as the provider's
 * monthly cycles do.
 */

export interface BillingPeriod {
  start: Date;
  /** Exclusive. */
  end: Date;
}

/** The monthly period, counted from `anchor`, that contains `now` (the first one if `now` is before the anchor). */
export function monthlyPeriodContaining(anchor: Date, now: Date): BillingPeriod {
  let months = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth()));
  if (months > 0 && addMonths(anchor, months) > now) months--;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/** `anchor` plus whole calendar months (UTC), the day clamped to the target month's length. */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}
