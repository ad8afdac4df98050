/**
 * The kinds of event an endpoint can subscribe to (issue 15 part 1), the
 * payload of each, and their OpenAPI 3.1 `webhooks` description. The
 * schemas are the single statement of each payload: the builders below are
 * typed by them, and the tests check delivered bodies against the document.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { PLANS } from '../../vocabulary/plans.ts';
import { ROLES } from '../../vocabulary/roles.ts';
import { THRESHOLD_METRICS, USAGE_THRESHOLDS } from '../metering/usage-thresholds.ts';
import { ScoreDepthSchema, type ScoreDepth } from '../scoring/result-schema.ts';
import { AnomalySchema } from '../anomalies/anomaly-view.ts';
import { DELIVERY_TIMEOUT_MS } from './webhook-post.ts';

export const WEBHOOK_EVENT_TYPES = [
  'score.completed',
  'score.linked',
  'plan.changed',
  'usage.threshold',
  'member.added',
  'member.removed',
  'anomaly.detected',
  'webhook.test',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const ResultSummary = {
  resultId: Type.String({ format: 'uuid' }),
  url: Type.String({ description: 'The address that was scored.' }),
  companyName: Nullable(Type.String()),
  totalScore: Type.Integer({ minimum: 0, maximum: 135 }),
  stageName: Type.String({ description: 'The maturity tier.' }),
  depth: ScoreDepthSchema,
  strengths: Type.Array(Type.String()),
  gaps: Type.Array(Type.String()),
  productId: Nullable(Type.String({ format: 'uuid' })),
  createdAt: Timestamp,
  link: Type.String({ format: 'uri', description: 'The shareable result page.' }),
  api: Type.String({ format: 'uri', description: 'The full result: GET /api/score/<id>.' }),
};

const ScoreCompletedData = Type.Object(ResultSummary, { additionalProperties: false });
const ScoreLinkedData = Type.Object(
  {
    ...ResultSummary,
    linkedAt: Timestamp,
    linkedByUserId: Type.String({ description: 'The member who linked the anonymous result to the account.' }),
  },
  { additionalProperties: false },
);
const PlanChangedData = Type.Object(
  {
    from: Type.Enum(PLANS),
    to: Type.Enum(PLANS),
    changedAt: Timestamp,
  },
  { additionalProperties: false, description: 'The subscribed plan changed: an upgrade, a downgrade or a cancellation taking effect (payment events).' },
);
const UsageThresholdData = Type.Object(
  {
    metric: Type.Enum(THRESHOLD_METRICS),
    threshold: Type.Enum(USAGE_THRESHOLDS, { description: 'Percent of the period allowance.' }),
    used: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1 }),
    plan: Type.Enum(PLANS),
    periodStart: Timestamp,
    periodEnd: Timestamp,
  },
  { additionalProperties: false, description: 'Sent once per billing period for each metric and threshold.' },
);
const MemberData = Type.Object({ userId: Type.String(), role: Type.Enum(ROLES) }, { additionalProperties: false });
const WebhookTestData = Type.Object({ webhookId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

const EVENT_DATA: Record<WebhookEventType, { schema: TSchema; summary: string }> = {
  'score.completed': { schema: ScoreCompletedData, summary: "An account's score was stored (a one-off score, a product score or a rescore)." },
  'score.linked': { schema: ScoreLinkedData, summary: 'An anonymous "try" result was linked to the account.' },
  'plan.changed': { schema: PlanChangedData, summary: "The account's subscribed plan changed." },
  'usage.threshold': { schema: UsageThresholdData, summary: "The account reached 80% or 100% of the period's credits or scores." },
  'member.added': { schema: MemberData, summary: 'A member joined the account.' },
  'member.removed': { schema: MemberData, summary: 'A member left or was removed from the account.' },
  'anomaly.detected': {
    schema: AnomalySchema,
    summary: 'A new score showed a change beyond normal variation: a level lost, the total down, or a page with evidence gone.',
  },
  'webhook.test': { schema: WebhookTestData, summary: 'Sent on demand by POST /api/webhooks/<id>/test, whatever the endpoint subscribes to.' },
};

export type ScoreCompletedData = Static<typeof ScoreCompletedData>;
export type ScoreLinkedData = Static<typeof ScoreLinkedData>;
export type PlanChangedData = Static<typeof PlanChangedData>;
export type UsageThresholdData = Static<typeof UsageThresholdData>;
export type MemberData = Static<typeof MemberData>;

interface ResultLike {
  id: string;
  url: string;
  companyName?: string | undefined;
  totalScore: number;
  stageName: string;
  depth: ScoreDepth;
  strengths: string[];
  gaps: string[];
  productId?: string | null | undefined;
  createdAt: string;
}

/** The score.completed payload: the result's summary and its shareable link (the full result is at GET /api/score/<id>). */
export function scoreCompletedData(result: ResultLike, publicBaseUrl: string): ScoreCompletedData {
  return {
    resultId: result.id,
    url: result.url,
    companyName: result.companyName ?? null,
    totalScore: result.totalScore,
    stageName: result.stageName,
    depth: result.depth,
    strengths: result.strengths,
    gaps: result.gaps,
    productId: result.productId ?? null,
    createdAt: result.createdAt,
    link: new URL(`/r/${result.id}`, publicBaseUrl).href,
    api: new URL(`/api/score/${result.id}`, publicBaseUrl).href,
  };
}

/** The score.linked payload: the summary, and when and by whom the anonymous result was claimed. */
export function scoreLinkedData(linked: { result: ResultLike; linkedAt: Date; linkedByUserId: string }, publicBaseUrl: string): ScoreLinkedData {
  return { ...scoreCompletedData(linked.result, publicBaseUrl), linkedAt: linked.linkedAt.toISOString(), linkedByUserId: linked.linkedByUserId };
}

export function planChangedData(change: { from: PlanChangedData['from']; to: PlanChangedData['to']; at: Date }): PlanChangedData {
  return { from: change.from, to: change.to, changedAt: change.at.toISOString() };
}

export function usageThresholdData(notice: {
  metric: UsageThresholdData['metric'];
  threshold: UsageThresholdData['threshold'];
  used: number;
  limit: number;
  plan: UsageThresholdData['plan'];
  period: { start: Date; end: Date };
}): UsageThresholdData {
  const { metric, threshold, used, limit, plan, period } = notice;
  return { metric, threshold, used, limit, plan, periodStart: period.start.toISOString(), periodEnd: period.end.toISOString() };
}

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: "The event's id: the same across retries and redeliveries, so receivers can de-duplicate." },
  { name: 'webhook-timestamp', description: 'Seconds since the epoch when this attempt was signed; reject stale ones.' },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the endpoint secret (`whsec_` prefix removed, base64-decoded); two signatures while a rotated secret overlaps.',
  },
];

/**
 * The OpenAPI 3.1 `webhooks` object: one operation per event type, the
 * request we POST to a subscribed endpoint. Every body is
 * `{ type, timestamp, data }`, signed per Standard Webhooks.
 */
export function webhookEventsDocument(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const { schema, summary } = EVENT_DATA[type];
      const body = Type.Object({ type: Type.Literal(type), timestamp: Timestamp, data: schema }, { additionalProperties: false });
      return [
        type,
        {
          post: {
            summary,
            operationId: `webhook_${type.replace('.', '_')}`,
            parameters: SIGNATURE_HEADERS.map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
            requestBody: { required: true, content: { 'application/json': { schema: body } } },
            responses: {
              '2XX': {
                description: `Received. Any other answer, a redirect, or no answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds is a failure, retried with backoff for 3 days; then the endpoint is disabled.`,
              },
            },
          },
        },
      ];
    }),
  );
}
