import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import { PLANS } from '../../billing/plans.ts';
import type { Meter, MeteringService } from '../metering-service.ts';

const Limit = Type.Union([Type.Integer(), Type.Null()], { description: 'null when unlimited' });
const MeterSchema = Type.Object({ limit: Limit, used: Type.Integer(), remaining: Limit });
const DateTime = Type.String({ format: 'date-time' });

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

/** GET /api/usage (spec part 4, shape ours): live consumption and quota for the current billing period. */
export function registerGetUsage(app: App, deps: { metering: MeteringService }): void {
  app.get(
    '/api/usage',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Billing'],
        summary: 'Live consumption and quota for the current billing period',
        response: { 200: UsageSchema, ...errorResponses('AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const report = await deps.metering.usage(requirePrincipal(request).accountId);
      const meter = ({ limit, used, remaining }: Meter) => ({ limit, used, remaining });
      return {
        plan: report.plan,
        limitsPlan: report.limitsPlan,
        periodStart: report.periodStart.toISOString(),
        periodEnd: report.periodEnd.toISOString(),
        gracePeriodEndsAt: report.gracePeriodEndsAt?.toISOString() ?? null,
        credits: meter(report.credits),
        scores: { ...meter(report.scores), packBalance: report.scores.packBalance },
        chatMessages: meter(report.chatMessages),
        apiCalls: meter(report.apiCalls),
        products: meter(report.products),
        seats: meter(report.seats),
      };
    },
  );
}
