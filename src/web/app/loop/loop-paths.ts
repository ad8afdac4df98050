/**
 * The loop pages' addresses: the Changes and Moves lists with their filter,
 * page and the word a form left for them, where their buttons and forms
 * post, and the Intelligence page for the account or one product.
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

/** What a Moves form just did, shown as a sentence after its 303 (?done=<word>). */
export const MOVE_ACTIONS = ['approved', 'dismissed', 'settings'] as const;
export type MoveAction = (typeof MOVE_ACTIONS)[number];
export const isMoveAction = (value: string): value is MoveAction => (MOVE_ACTIONS as readonly string[]).includes(value);

export const MOVE_APPROVE_FORM_PATH = '/app/moves/:id/approve';
export const MOVE_DISMISS_FORM_PATH = '/app/moves/:id/dismiss';
export const MOVE_SETTINGS_FORM_PATH = '/app/moves/settings';
export const moveApproveFormPath = (moveId: string) => `/app/moves/${moveId}/approve`;
export const moveDismissFormPath = (moveId: string) => `/app/moves/${moveId}/dismiss`;

/** /app/moves, with ?cursor= (an older page of every move) and ?done= (what a form just did). */
export function movesPath({ cursor = null, done = null }: { cursor?: string | null; done?: MoveAction | null } = {}): string {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  if (done) query.set('done', done);
  return query.size > 0 ? `${APP_PATHS.moves}?${query}` : APP_PATHS.moves;
}

/** /app/intelligence, optionally for one product (?product=<id>). */
export function intelligencePath(productId: string | null = null): string {
  return productId ? `${APP_PATHS.intelligence}?product=${productId}` : APP_PATHS.intelligence;
}
