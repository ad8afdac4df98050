/**
 * GET /readyz: whether this instance's dependencies answer (for a readiness
 * probe). A failing optional check shows as degraded without taking the
 * instance out. A check that fails with a ReadinessFailure says why, in
 * `reasons`; other errors are not shown (the route is public, and a driver's
 * message can name hosts and users).
 */
import { Type } from 'typebox';
import type { App } from './app-types.ts';

export interface ReadinessCheck {
  name: string;
  /** Resolves when healthy; rejects (or times out) otherwise. */
  check(): Promise<void>;
  /** A failing optional check is reported but does not make the instance unready. */
  optional?: boolean;
}

/** A check's failure whose message is written for the caller of /readyz (no secrets, no internal addresses). */
export class ReadinessFailure extends Error {
  override name = 'ReadinessFailure';
}

const CHECK_TIMEOUT_MS = 2000;

const ReadinessSchema = Type.Object({
  status: Type.Enum(['ready', 'not_ready']),
  checks: Type.Record(Type.String(), Type.String()),
  reasons: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Why a check failed, for the checks that can say' })),
});

export function registerReadiness(app: App, checks: ReadinessCheck[]): void {
  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Readiness: the database and the other dependencies answer',
        tags: ['Operations'],
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const results = await Promise.all(
        checks.map(async ({ name, check, optional }) => {
          try {
            await withTimeout(check(), CHECK_TIMEOUT_MS);
            return { name, state: 'ok', failed: false, reason: null };
          } catch (error) {
            const reason = error instanceof ReadinessFailure ? error.message : null;
            return { name, state: optional ? 'degraded' : 'unavailable', failed: !optional, reason };
          }
        }),
      );
      const ready = !results.some((r) => r.failed);
      const reasons = results.filter((r) => r.reason !== null).map((r) => [r.name, r.reason]);
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        checks: Object.fromEntries(results.map((r) => [r.name, r.state])),
        ...(reasons.length > 0 ? { reasons: Object.fromEntries(reasons) } : {}),
      });
    },
  );
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
