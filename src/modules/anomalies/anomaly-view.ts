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
    resultId: Type.String({ format: 'uuid' }),
    scoredAt: Timestamp,
    value: Type.Union([Type.Integer(), Type.Null()], { description: "The dimension's level or the total; null for a page." }),
    evidence: Type.String({ description: "What the score showed: the dimension's evidence as quoted, the tier, or the page's address." }),
  },
  { additionalProperties: false },
);

export const AnomalySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.Enum(ANOMALY_KINDS, {
      description: '`dimension_down`: a dimension lost a level or more; `total_down`: the total fell by 3 points or more; `evidence_page_gone`: a page quoted as evidence was not found again.',
    }),
    subject: Type.String({ description: 'A dimension id, `total`, or the gone page\'s path.' }),
    severity: Type.Enum(ANOMALY_SEVERITIES),
    state: Type.Enum(ANOMALY_STATES),
    summary: Type.String(),
    dimensionIds: Type.Array(Type.Enum(DIMENSION_IDS)),
    productId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    resultId: Type.String({ format: 'uuid', description: 'The score that showed it.' }),
    previousResultId: Type.String({ format: 'uuid', description: 'The score it was compared with.' }),
    before: Side,
    after: Side,
    detectedAt: Timestamp,
    stateChangedAt: Type.Union([Timestamp, Type.Null()]),
    link: Type.String({ format: 'uri', description: 'The result page of the score that showed it.' }),
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
    before: row.before,
    after: row.after,
    detectedAt: row.detectedAt.toISOString(),
    stateChangedAt: row.stateChangedAt?.toISOString() ?? null,
    link: new URL(`/r/${row.resultId}`, publicBaseUrl).href,
  };
}
