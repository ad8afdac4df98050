import { Type } from 'typebox';
import { maskedSlackUrl } from '../slack-alerts.ts';
import { AnomalySchema } from '../anomaly-view.ts';
import { ANOMALY_STATES } from '../tables.ts';

export const ANOMALY_PAGE_LIMIT = 50;

export const AnomalyListQuery = Type.Object({
  state: Type.Optional(Type.Enum(ANOMALY_STATES, { description: 'Only anomalies in this state.' })),
  productId: Type.Optional(Type.String({ format: 'uuid', description: "Only this product's anomalies." })),
  cursor: Type.Optional(Type.String({ format: 'uuid', description: "The previous page's `nextCursor`: lists the anomalies after it, newest first." })),
  // A string: query values are not coerced (http-server.ts); the pattern holds it to 1..100.
  limit: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$', description: `Anomalies per page: 1 to 100; default ${ANOMALY_PAGE_LIMIT}.` })),
});

export const AnomalyListSchema = Type.Object({
  anomalies: Type.Array(AnomalySchema),
  nextCursor: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
    description: 'Pass as `cursor` for the next page (older anomalies); null when this page holds the oldest.',
  }),
});

export const AnomalyStateBody = Type.Object(
  { state: Type.Enum(['acknowledged', 'resolved'] as const, { description: '`acknowledged`: seen, being looked at; `resolved`: dealt with.' }) },
  { additionalProperties: false },
);

export const SlackTargetBody = Type.Object(
  { webhookUrl: Type.String({ maxLength: 2048, description: "A Slack incoming webhook's address (https://hooks.slack.com/services/…)." }) },
  { additionalProperties: false },
);

export const SlackTargetSchema = Type.Object({
  configured: Type.Boolean(),
  webhookUrl: Type.Union([Type.String(), Type.Null()], { description: 'The address, masked: it is a credential. Null when none is set.' }),
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** The Slack address as the API shows it: masked, since it is a credential. */
export const slackTargetView = (target: { webhookUrl: string; updatedAt: Date } | null) =>
  target
    ? { configured: true, webhookUrl: maskedSlackUrl(target.webhookUrl), updatedAt: target.updatedAt.toISOString() }
    : { configured: false, webhookUrl: null, updatedAt: null };
