import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { MoveService } from '../move-service.ts';
import { IntelligenceQuery, IntelligenceSchema } from './move-schemas.ts';

/** GET /api/intelligence: whether the moves worked, over the last 30 days, for the account or one product. */
export function registerGetIntelligence(app: App, deps: { moves: MoveService }): void {
  app.get(
    '/api/intelligence',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Intelligence'],
        summary: 'The loop over the last 30 days: moves dispatched, loops closed, points gained per week',
        querystring: IntelligenceQuery,
        response: { 200: IntelligenceSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => deps.moves.intelligence(requirePrincipal(request).accountId, request.query.productId),
  );
}
