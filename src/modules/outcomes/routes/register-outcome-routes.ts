/**
 * Outcomes (issue 28): goals per dimension and scheduled rescoring, their
 * services built and their routes registered here, so the composition root
 * wires the module, routes and sweep, in one line.
 */
import type { App } from '../../../http/app-types.ts';
import type { JobRunner } from '../../../queue/job-runner.ts';
import { GoalService, type DimensionLevels } from '../goal-service.ts';
import { ScheduleService, type ScheduleDependencies } from '../schedule-service.ts';
import { registerDeleteGoal } from './delete-goal.ts';
import { registerGetGoals } from './get-goals.ts';
import { registerGetSchedule } from './get-schedule.ts';
import { registerPostGoal } from './post-goal.ts';
import { registerPutSchedule } from './put-schedule.ts';

export interface Outcomes {
  goals: GoalService;
  schedules: ScheduleService;
}

/** The routes, and the scheduled rescoring sweep on the job runner (one line in app.ts for both). */
export function registerOutcomeRoutes(app: App, deps: ScheduleDependencies & { levels: DimensionLevels; jobRunner: JobRunner }): Outcomes {
  const goals = new GoalService({ db: deps.db, clock: deps.clock, levels: deps.levels });
  const schedules = new ScheduleService(deps);
  schedules.register(deps.jobRunner);
  const productInAccount = async (accountId: string, productId: string) => (await deps.product(accountId, productId)) !== null;
  registerPostGoal(app, { goals, productInAccount });
  registerGetGoals(app, { goals, productInAccount });
  registerDeleteGoal(app, { goals });
  registerPutSchedule(app, { schedules, productInAccount });
  registerGetSchedule(app, { schedules, productInAccount });
  return { goals, schedules };
}
