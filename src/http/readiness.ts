/**
 * GET /readyz: whether this instance's dependencies answer (for a readiness
 * probe). A failing optional check shows as degraded without taking the
 * instance out.
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

const CHECK_TIMEOUT_MS = 2000;

const ReadinessSchema = Type.Object({
  status: Type.Enum(['ready', 'not_ready']),
  checks: Type.Record(Type.String(), Type.String()),
});

export function registerReadiness(app: App, checks: ReadinessCheck[]): void {
  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      schema: { summary: 'Readiness: the database and the other dependencies answer', tags: ['Operations'], response: { 200: ReadinessSchema, 503: ReadinessSchema } },
    },
    async (_request, reply) => {
      const results = await Promise.all(
        checks.map(async ({ name, check, optional }) => {
          try {
            await withTimeout(check(), CHECK_TIMEOUT_MS);
            return { name, state: 'ok', failed: false };
          } catch {
            return { name, state: optional ? 'degraded' : 'unavailable', failed: !optional };
          }
        }),
      );
      const ready = !results.some((r) => r.failed);
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        checks: Object.fromEntries(results.map((r) => [r.name, r.state])),
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
