/**
 * How the dashboard writes a score's moment. Scores of one product can come
 * minutes apart, so the time is shown with the day; the server does not
 * know the reader's zone, so both are in UTC and say so.
 */
import { html } from '../../view.ts';

const MOMENT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "25 Nov 2026, 14:03 UTC". */
export function momentText(iso: string): string {
  return `${MOMENT.format(new Date(iso))} UTC`;
}

/** "25 Nov": a chart's axis label. */
export function shortDay(iso: string): string {
  return DAY.format(new Date(iso));
}

/** "1 December 2026": a day, as the reset date is given. */
export function longDay(iso: string): string {
  return LONG_DAY.format(new Date(iso));
}

/** A machine-readable <time> around the moment's words. */
export function ScoreMoment({ iso }: { iso: string }) {
  return html`<time datetime=${iso}>${momentText(iso)}</time>`;
}
