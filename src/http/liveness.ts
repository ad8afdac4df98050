/**
 * GET /healthz: the process is up and answering (for a liveness probe;
 * readiness.ts says whether its dependencies answer).
 */
import { Type } from 'typebox';
import type { App } from './app-types.ts';

export function registerLiveness(app: App): void {
  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      schema: { summary: 'Liveness: the process answers', tags: ['Operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
}
