/**
 * An anomaly as the API lists it and the `anomaly.detected` webhook sends it:
 * one schema for both, so they never disagree.
 */
import { Type, type Static } from 'typebox';
import { DIMENSION_IDS } from '../../framework/dimensions.ts';
import { ANOMALY_KINDS, ANOMALY_SEVERITIES } from './anomaly-rules.ts';
import { ANOMALY_STATES, type anomalies } from './tables.ts';

const Timestamp = Type.String({ format: 'date-time' });
const Side = Type.Object(
  {
    resultId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: "The score; null for a signal's side." }),
    scoredAt: Timestamp,
    value: Type.Union([Type.Number(), Type.Null()], {
      description: "The dimension's level, the total, or the signal's value (before: its band's median); null for a page.",
    }),
    evidence: Type.String({ description: "What was shown: the dimension's evidence as quoted, the tier, the page's address, or the signal's band." }),
  },
  { additionalProperties: false },
);

export const AnomalySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.Enum(ANOMALY_KINDS, {
      description:
        '`dimension_down`: a dimension lost a level or more; `total_down`: the total fell by 3 points or more; `evidence_page_gone`: a page quoted as evidence was not found again; ' +
        '`signal_out_of_band`: a measured signal more than 3.5 robust deviations (median and MAD of its earlier values) from its median.',
    }),
    subject: Type.String({ description: "A dimension id, `total`, the gone page's path, or the signal's type and scope." }),
    severity: Type.Enum(ANOMALY_SEVERITIES),
    state: Type.Enum(ANOMALY_STATES),
    summary: Type.String(),
    dimensionIds: Type.Array(Type.Enum(DIMENSION_IDS)),
    productId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    resultId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: "The score that showed it; null for a signal's." }),
    previousResultId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: "The score it was compared with; null for a signal's." }),
    signalId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: "The measured signal outside its band; null for a score's." }),
    before: Side,
    after: Side,
    detectedAt: Timestamp,
    stateChangedAt: Type.Union([Timestamp, Type.Null()]),
    link: Type.Union([Type.String({ format: 'uri' }), Type.Null()], {
      description: "The result page of the score that showed it; null for a signal's (its evidence names where it was measured).",
    }),
  },
  { additionalProperties: false },
);
export type AnomalyView = Static<typeof AnomalySchema>;

export function anomalyView(row: typeof anomalies.$inferSelect, publicBaseUrl: string): AnomalyView {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    severity: row.severity,
    state: row.state,
    summary: row.summary,
    dimensionIds: row.dimensionIds,
    productId: row.productId,
    resultId: row.resultId,
    previousResultId: row.previousResultId,
    signalId: row.signalId,
    before: row.before,
    after: row.after,
    detectedAt: row.detectedAt.toISOString(),
    stateChangedAt: row.stateChangedAt?.toISOString() ?? null,
    link: row.resultId ? new URL(`/r/${row.resultId}`, publicBaseUrl).href : null,
  };
}
