/**
 * Outcomes (issue 28): the goal and schedule routes. The services and the
 * scheduled-rescoring sweep are built in src/services.ts with the other
 * modules'; the composition root hands them in.
 */
import type { App } from '../../../http/app-types.ts';
import type { GoalService } from '../goal-service.ts';
import type { ScheduleService } from '../schedule-service.ts';
import { registerDeleteGoal } from './delete-goal.ts';
import { registerGetGoals } from './get-goals.ts';
import { registerGetSchedule } from './get-schedule.ts';
import { registerPostGoal } from './post-goal.ts';
import { registerPutSchedule } from './put-schedule.ts';
import type { OutcomeRouteDeps } from './outcome-schemas.ts';

export function registerOutcomeRoutes(app: App, deps: OutcomeRouteDeps & { goals: GoalService; schedules: ScheduleService }): void {
  const { goals, schedules, productInAccount } = deps;
  registerPostGoal(app, { goals, productInAccount });
  registerGetGoals(app, { goals, productInAccount });
  registerDeleteGoal(app, { goals });
  registerPutSchedule(app, { schedules, productInAccount });
  registerGetSchedule(app, { schedules, productInAccount });
}
