/**
 * GET /api/scores/<id>/evidence: the site, tools and team view of a score of
 * the account's own product (issue 27). Inside the account only, unless an
 * admin published it; 404 otherwise, as for a score without one.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { ScoringService } from '../scoring-service.ts';

export const EvidenceViewSchema = Type.Object({
  resultId: Type.String(),
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  dimensions: Type.Array(Type.Unknown(), {
    description:
      'Per dimension: site (its level and quote), tools (measured, each with its level and band source), team (self-reported notes), level, levelFrom, contradiction',
  }),
});

export function registerGetScoreEvidence(app: App, deps: { scoring: ScoringService }): void {
  app.get(
    '/api/scores/:id/evidence',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Scoring'],
        summary: 'What the site shows, what the tools measure and what the team reports, per dimension',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: EvidenceViewSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const found = await deps.scoring.evidenceView(request.params.id, principal.accountId);
      if (!found) throw new ApiError('NOT_FOUND', { message: 'This score has no evidence beyond its site.' });
      reply.header('cache-control', 'private, no-store');
      return { resultId: request.params.id, publishedAt: found.publishedAt?.toISOString() ?? null, dimensions: found.view.dimensions };
    },
  );
}
