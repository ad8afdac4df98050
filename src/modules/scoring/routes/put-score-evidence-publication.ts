/**
 * PUT /api/scores/<id>/evidence/publication: an admin chooses whether the
 * public /r/<id> shows the tools and team evidence too (default: the site
 * only, since measured signals and notes are the account's).
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { ScoringService } from '../scoring-service.ts';

export function registerPutScoreEvidencePublication(app: App, deps: { scoring: ScoringService }): void {
  app.put(
    '/api/scores/:id/evidence/publication',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Scoring'],
        summary: "Publish (or withdraw) a score's tools and team evidence on its public page",
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: Type.Object({ published: Type.Boolean() }),
        response: { 200: Type.Object({ published: Type.Boolean() }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.scoring.publishEvidence(principal.accountId, request.params.id, request.body.published))) {
        throw new ApiError('NOT_FOUND', { message: 'No score of this account with evidence beyond its site.' });
      }
      return { published: request.body.published };
    },
  );
}
