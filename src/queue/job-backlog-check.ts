/**
 * Readiness against the job backlog: more due jobs waiting, across every
 * queue, than JOB_BACKLOG_LIMIT means the workers are down or far behind,
 * and /readyz answers 503 saying so (which queues, how deep, how old).
 *
 * The backlog is the shared database's, so every instance reports the same:
 * with the bound crossed, every web instance leaves the load balancer
 * together. That is the point for a deploy or an autoscaler watching it,
 * and the reason the bound is generous and can be switched off (0).
 */
import { ReadinessFailure, type ReadinessCheck } from '../http/readiness.ts';
import type { JobEngine } from './job-engine.ts';

/** Queues named in the reason, deepest first. */
const QUEUES_NAMED = 3;

export function jobBacklogCheck(engine: Pick<JobEngine, 'backlog'>, limit: number): ReadinessCheck {
  return {
    name: 'jobs',
    async check() {
      const backlog = await engine.backlog();
      const due = backlog.reduce((sum, queue) => sum + queue.depth, 0);
      if (due <= limit) return;
      const deepest = backlog
        .toSorted((a, b) => b.depth - a.depth)
        .slice(0, QUEUES_NAMED)
        .map((queue) => `${queue.queue} ${queue.depth} (oldest due ${Math.round(queue.oldestAgeSeconds)} s)`);
      throw new ReadinessFailure(`job backlog too deep: ${due} due jobs waiting, above the bound of ${limit} (JOB_BACKLOG_LIMIT); deepest: ${deepest.join(', ')}`);
    },
  };
}
