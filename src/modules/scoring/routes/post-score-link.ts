import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import type { ScoringService } from '../scoring-service.ts';
import { linkRefusalError } from '../api/score-failure-responses.ts';
import { LinkBody } from '../api/score-schemas.ts';

/** POST /api/score/link: moves a held anonymous result into the signed-in caller's account, once. */
export function registerPostScoreLink(app: App, deps: { scoring: ScoringService }): void {
  app.post(
    '/api/score/link',
    {
      config: { auth: 'required', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Scoring'],
        summary: 'Link an anonymous result to your account (with the claim token it was issued with)',
        body: LinkBody,
        response: { 200: ScoringResultSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const outcome = await deps.scoring.link(request.body.id, request.body.claimToken, { accountId: principal.accountId, userId: principal.userId });
      if (!outcome.ok) throw linkRefusalError(outcome);
      return outcome.result;
    },
  );
}
