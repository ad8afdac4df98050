/**
 * Readiness against the job backlog: more due jobs waiting, across every
 * queue, than JOB_BACKLOG_LIMIT means the workers are down or far behind,
 * and /readyz answers 503 saying so (which queues, how deep, how old).
 *
 * The backlog is the shared database's, so every instance reports the same:
 * with the bound crossed, every web instance leaves the load balancer
 * together. That is the point for a deploy or an autoscaler watching it,
 * and the reason the bound is generous and can be switched off (0).
 *
 * A queue may have a bound of its own (the score queue: CRAWL_QUEUE_LIMIT,
 * past which new scores are refused with 503): crossing it fails the check
 * too, naming the queue and its setting, so the operator sees why callers
 * are refused.
 */
import { ReadinessFailure, type ReadinessCheck } from '../http/readiness.ts';
import type { JobEngine } from './job-engine.ts';

/** Queues named in the reason, deepest first. */
const QUEUES_NAMED = 3;

/** A queue's own bound: `setting` names the configuration that sets it, for the reason. */
export interface QueueBound {
  queue: string;
  limit: number;
  setting: string;
  /** What callers meet while the bound is crossed. */
  consequence: string;
}

/** `limit` 0: no bound on the whole backlog (the queues' own bounds still hold). */
export function jobBacklogCheck(engine: Pick<JobEngine, 'backlog'>, limit: number, queueBounds: QueueBound[] = []): ReadinessCheck {
  return {
    name: 'jobs',
    async check() {
      const backlog = await engine.backlog();
      for (const bound of queueBounds) {
        const depth = backlog.find((queue) => queue.queue === bound.queue)?.depth ?? 0;
        if (depth > bound.limit)
          throw new ReadinessFailure(
            `${bound.queue} queue too deep: ${depth} jobs waiting, above the bound of ${bound.limit} (${bound.setting}); ${bound.consequence}`,
          );
      }
      const due = backlog.reduce((sum, queue) => sum + queue.depth, 0);
      if (limit === 0 || due <= limit) return;
      const deepest = backlog
        .toSorted((a, b) => b.depth - a.depth)
        .slice(0, QUEUES_NAMED)
        .map((queue) => `${queue.queue} ${queue.depth} (oldest due ${Math.round(queue.oldestAgeSeconds)} s)`);
      throw new ReadinessFailure(
        `job backlog too deep: ${due} due jobs waiting, above the bound of ${limit} (JOB_BACKLOG_LIMIT); deepest: ${deepest.join(', ')}`,
      );
    },
  };
}
