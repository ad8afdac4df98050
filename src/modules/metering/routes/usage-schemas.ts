import { Type, type Static } from 'typebox';
import { PLANS } from '../../../vocabulary/plans.ts';

const Limit = Type.Union([Type.Integer(), Type.Null()], { description: 'null when unlimited' });
const MeterSchema = Type.Object({ limit: Limit, used: Type.Integer(), remaining: Limit });
const DateTime = Type.String({ format: 'date-time' });

/** GET /api/usage (shape ours): the one definition of the usage report, for validation, types and the API document. */
export const UsageSchema = Type.Object({
  plan: Type.Enum(PLANS, { description: 'The plan the account is subscribed to.' }),
  limitsPlan: Type.Enum(PLANS, { description: 'The plan whose limits apply now: Free after an unpaid grace period.' }),
  periodStart: DateTime,
  periodEnd: DateTime,
  gracePeriodEndsAt: Type.Union([DateTime, Type.Null()], { description: 'Set while a failed payment is unresolved.' }),
  credits: MeterSchema,
  scores: Type.Object({ ...MeterSchema.properties, packBalance: Type.Integer({ description: 'Scores left in bought packs; never expire.' }) }),
  chatMessages: MeterSchema,
  apiCalls: MeterSchema,
  products: MeterSchema,
  seats: MeterSchema,
});

export type Meter = Static<typeof MeterSchema>;
export type UsageReport = Static<typeof UsageSchema>;
