import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { FeedbackService } from '../feedback-service.ts';
import { FEEDBACK_LIST_LIMIT, FeedbackListQuery, FeedbackSchema, feedbackView } from './feedback-schemas.ts';

/** GET /api/feedback: the feedback the account's members gave, newest first (at most FEEDBACK_LIST_LIMIT). */
export function registerGetFeedback(app: App, deps: { feedback: FeedbackService }): void {
  app.get(
    '/api/feedback',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Feedback'],
        summary: `The account's feedback on scores, newest first (at most ${FEEDBACK_LIST_LIMIT})`,
        querystring: FeedbackListQuery,
        response: { 200: Type.Object({ feedback: Type.Array(FeedbackSchema) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const feedback = await deps.feedback.list(principal.accountId, { resultId: request.query.resultId, limit: FEEDBACK_LIST_LIMIT });
      return { feedback: feedback.map(feedbackView) };
    },
  );
}
