import { Type } from 'typebox';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import type { Goal } from '../goal-service.ts';
import { SCHEDULE_CADENCES, SCHEDULED_RUN_OUTCOMES } from '../tables.ts';
import type { Schedule } from '../schedule-service.ts';

/** What the product routes ask: whether the product is the caller's account's (else 404). */
export interface OutcomeRouteDeps {
  productInAccount: (accountId: string, productId: string) => Promise<boolean>;
}

const Level = Type.Integer({ minimum: 1, maximum: 4 });

export const GoalParams = Type.Object({ id: Type.String({ format: 'uuid' }), goalId: Type.String({ format: 'uuid' }) });

export const CreateGoalBody = Type.Object(
  {
    dimensionId: Type.Enum(DIMENSION_IDS),
    targetLevel: Level,
    dueDate: Type.String({ format: 'date', description: 'The day the target is due (YYYY-MM-DD, UTC); today or later.' }),
  },
  { additionalProperties: false },
);

export const GoalSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  productId: Type.String({ format: 'uuid' }),
  dimensionId: Type.Enum(DIMENSION_IDS),
  targetLevel: Level,
  dueDate: Type.String({ format: 'date' }),
  createdAt: Type.String({ format: 'date-time' }),
  progress: Type.Object({
    startLevel: Type.Union([Level, Type.Null()], {
      description: "The product's latest level for the dimension when the goal was set; null when it had no score.",
    }),
    currentLevel: Type.Union([Level, Type.Null()], { description: 'The latest level.' }),
    expectedLevel: Type.Number({ description: 'Where a straight path from the start to the target by the due date stands today.' }),
    path: Type.Array(Type.Object({ resultId: Type.String({ format: 'uuid' }), level: Level, scoredAt: Type.String({ format: 'date-time' }) }), {
      description: 'The levels of the scores since the goal was set, oldest first (at most the newest 20).',
    }),
  }),
  onTrack: Type.Boolean({ description: 'The latest level is at least the expected level, rounded down, or reached the target.' }),
  atRisk: Type.Boolean({ description: 'Not on track (also when nothing has been scored to measure it).' }),
});

export const GoalListSchema = Type.Object({ goals: Type.Array(GoalSchema) });

export const goalView = (goal: Goal) => ({
  ...goal,
  createdAt: goal.createdAt.toISOString(),
  progress: { ...goal.progress, path: goal.progress.path.map((step) => ({ ...step, scoredAt: step.scoredAt.toISOString() })) },
});

export const PutScheduleBody = Type.Object({ cadence: Type.Enum([...SCHEDULE_CADENCES, 'off']) }, { additionalProperties: false });

export const ScheduleSchema = Type.Object({
  productId: Type.String({ format: 'uuid' }),
  cadence: Type.Enum([...SCHEDULE_CADENCES, 'off']),
  nextRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastScheduledRun: Type.Union([
    Type.Object({
      at: Type.String({ format: 'date-time' }),
      outcome: Type.Enum(SCHEDULED_RUN_OUTCOMES, { description: '`scored`, or why it could not run; it is not retried before the next period.' }),
    }),
    Type.Null(),
  ]),
});

export const scheduleView = (schedule: Schedule) => ({
  productId: schedule.productId,
  cadence: schedule.cadence,
  nextRunAt: schedule.nextRunAt?.toISOString() ?? null,
  lastScheduledRun: schedule.lastRun ? { at: schedule.lastRun.at.toISOString(), outcome: schedule.lastRun.outcome } : null,
});
