/** GET /api/signals: what is stored, newest first; every member, by session or API key. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import { LIST_LIMIT_MAX, type SignalService } from '../signal-service.ts';
import { SignalSchema, signalJson } from './signal-schemas.ts';

const DEFAULT_LIMIT = 100;

export function registerGetSignals(app: App, deps: { signals: SignalService }): void {
  app.get(
    '/api/signals',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Signals'],
        summary: 'List stored signals',
        querystring: Type.Object({
          type: Type.Optional(Type.String({ maxLength: 100 })),
          productId: Type.Optional(Type.String({ format: 'uuid' })),
          // A string: query values are not coerced (http-server.ts), so a number arrives as text.
          limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$', description: `At most ${LIST_LIMIT_MAX}; default ${DEFAULT_LIMIT}` })),
        }),
        response: { 200: Type.Object({ signals: Type.Array(SignalSchema) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { type, productId, limit } = request.query;
      const rows = await deps.signals.list(principal.accountId, { type, productId, limit: Math.min(Number(limit ?? DEFAULT_LIMIT), LIST_LIMIT_MAX) });
      return { signals: rows.map(signalJson) };
    },
  );
}
