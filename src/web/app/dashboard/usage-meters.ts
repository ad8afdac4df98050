/**
 * The period's usage as meters (the numbers of GET /api/usage): credits,
 * scores (with what score packs add), chat messages and seats, and the day
 * the pool resets. Each meter is a labelled <meter> with its numbers in
 * words beside it; an unlimited one is words alone, since a meter needs a
 * maximum.
 */
import type { Meter, UsageReport } from '../../../modules/metering/routes/usage-schemas.ts';
import { PLAN_NAMES } from '../../../vocabulary/plans.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import { longDay } from './score-dates.ts';

/** A meter turns to its warning colour at this share of the limit, and to its alarm colour at the next. */
const WARNING_SHARE = 0.75;
const ALARM_SHARE = 0.9;

interface MeterRow {
  id: string;
  label: string;
  meter: Meter;
  unit: string;
  /** Said after the numbers (the score packs' balance). */
  extra?: string;
  /** Whether nearing the limit is a warning: spent allowances are, seats in use are not. */
  warns: boolean;
}

function meterRows(usage: UsageReport): MeterRow[] {
  const packs = usage.scores.packBalance;
  return [
    { id: 'credits', label: 'Credits', meter: usage.credits, unit: 'credits', warns: true },
    { id: 'scores', label: 'Scores', meter: usage.scores, unit: 'scores', warns: true, ...(packs > 0 ? { extra: `plus ${packs} from score packs` } : {}) },
    { id: 'chat', label: 'Coach messages', meter: usage.chatMessages, unit: 'messages', warns: true },
    { id: 'seats', label: 'Seats', meter: usage.seats, unit: 'seats', warns: false },
  ];
}

/** "12 of 80 credits used, 68 left" or "12 credits used, no limit". */
export function meterText(row: Pick<MeterRow, 'meter' | 'unit' | 'extra'>): string {
  const { limit, used, remaining } = row.meter;
  const numbers = limit === null ? `${used} ${row.unit} used, no limit` : `${used} of ${limit} ${row.unit} used, ${remaining} left`;
  return row.extra ? `${numbers}, ${row.extra}` : numbers;
}

function UsageMeter({ row }: { row: MeterRow }) {
  const labelId = `meter-${row.id}-label`;
  const textId = `meter-${row.id}-text`;
  const { limit, used } = row.meter;
  return html`<li class="usage-meter">
    <span class="usage-label" id=${labelId}>${row.label}</span>
    ${
      limit === null
        ? null
        : html`<meter min="0" max=${Math.max(limit, 1)} value=${Math.min(used, limit)} aria-labelledby=${labelId} aria-describedby=${textId}
          ...${row.warns ? { low: limit * WARNING_SHARE, high: limit * ALARM_SHARE, optimum: 0 } : {}}></meter>`
    }
    <span class="usage-text" id=${textId}>${meterText(row)}</span>
  </li>`;
}

export function UsageMeters({ usage, mayManageBilling }: { usage: UsageReport; mayManageBilling: boolean }) {
  return html`<section class="card usage" aria-labelledby="usage-heading">
    <h2 id="usage-heading">Usage this period</h2>
    <p class="muted">${PLAN_NAMES[usage.limitsPlan]} plan. Resets on <time datetime=${usage.periodEnd}>${longDay(usage.periodEnd)}</time>.</p>
    ${
      usage.gracePeriodEndsAt
        ? html`<p class="notice notice-error">A payment failed. Your plan's limits apply until <time datetime=${usage.gracePeriodEndsAt}>${longDay(usage.gracePeriodEndsAt)}</time>; then the Free plan's.</p>`
        : null
    }
    <ul class="usage-meters">
      ${meterRows(usage).map((row) => html`<${UsageMeter} row=${row} />`)}
    </ul>
    ${mayManageBilling ? html`<p class="usage-more"><a href=${APP_PATHS.billing}>Plans and score packs</a></p>` : null}
  </section>`;
}
