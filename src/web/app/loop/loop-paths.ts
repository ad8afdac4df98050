/**
 * The Changes page's addresses: the list with its filter, page and the word
 * a form left for it, and where an anomaly's buttons post.
 */
import type { AnomalyState } from '../../../modules/anomalies/tables.ts';
import { APP_PATHS } from '../app-layout.ts';

/** Which anomalies the Changes page lists: the unresolved ones unless the reader picked one state. */
export const ANOMALY_FILTERS = {
  unresolved: ['open', 'acknowledged'],
  open: ['open'],
  acknowledged: ['acknowledged'],
  resolved: ['resolved'],
} as const satisfies Record<string, readonly AnomalyState[]>;
export type AnomalyFilter = keyof typeof ANOMALY_FILTERS;
export const DEFAULT_ANOMALY_FILTER: AnomalyFilter = 'unresolved';

export const isAnomalyFilter = (value: string): value is AnomalyFilter => Object.hasOwn(ANOMALY_FILTERS, value);

/** The states a button sets, and the word the page shows after (?done=<state>). */
export const ANOMALY_ACTIONS = ['acknowledged', 'resolved'] as const;
export type AnomalyAction = (typeof ANOMALY_ACTIONS)[number];
export const isAnomalyAction = (value: string): value is AnomalyAction => (ANOMALY_ACTIONS as readonly string[]).includes(value);

export const ANOMALY_STATE_FORM_PATH = '/app/anomalies/:id/state';
export const anomalyStateFormPath = (anomalyId: string) => `/app/anomalies/${anomalyId}/state`;

/** /app/anomalies, with ?state= (not for the default), ?cursor= (an older page) and ?done= (what a button just did). */
export function changesPath({
  filter = DEFAULT_ANOMALY_FILTER,
  cursor = null,
  done = null,
}: { filter?: AnomalyFilter; cursor?: string | null; done?: AnomalyAction | null } = {}): string {
  const query = new URLSearchParams();
  if (filter !== DEFAULT_ANOMALY_FILTER) query.set('state', filter);
  if (cursor) query.set('cursor', cursor);
  if (done) query.set('done', done);
  return query.size > 0 ? `${APP_PATHS.changes}?${query}` : APP_PATHS.changes;
}
