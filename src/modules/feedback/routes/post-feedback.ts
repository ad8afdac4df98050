import type { App } from '../../../http/app-types.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import { rateLimitHeaders, refusalError } from '../../metering/api/refusal-responses.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses, invalidBody } from '../../../http/errors.ts';
import type { FeedbackService } from '../feedback-service.ts';
import { FeedbackBody, FeedbackSchema, feedbackView } from './feedback-schemas.ts';

/**
 * POST /api/feedback: the caller's verdict on a result or one of its
 * dimensions; 201 the first time, 200 when it replaces their earlier verdict
 * on the same result and dimension. Any member, on any stored result (ids
 * are shareable: whoever knows the company best may not be who scored it).
 * Never refused in read-only mode: it spends nothing, and a member who thinks
 * a score is wrong should be heard.
 */
export function registerPostFeedback(app: App, deps: { feedback: FeedbackService; admissionGate: Pick<AdmissionGate, 'throttle'> }): void {
  app.post(
    '/api/feedback',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Feedback'],
        summary: 'Say a score, or one of its dimensions, is too high, too low, quotes the wrong evidence, or is helpful',
        body: FeedbackBody,
        response: { 200: FeedbackSchema, 201: FeedbackSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND', 'SCORING_RATE_LIMITED') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      // Every verdict is a row written: limited per account, like any action that costs nothing (issue 24).
      const throttled = await deps.admissionGate.throttle('feedback', principal.accountId);
      if (!throttled.ok) throw refusalError(throttled);
      reply.headers(rateLimitHeaders(throttled.rateLimit));
      const { resultId, dimensionId, verdict } = request.body;
      // Evidence is quoted per dimension: "wrong evidence" about the whole score names none.
      if (verdict === 'wrong_evidence' && dimensionId === undefined) {
        throw invalidBody([{ field: 'body.dimensionId', message: 'is required with the verdict wrong_evidence' }]);
      }
      const comment = request.body.comment?.trim() || null;
      const outcome = await deps.feedback.give(
        { accountId: principal.accountId, userId: principal.userId },
        { resultId, dimensionId: dimensionId ?? null, verdict, comment },
      );
      if (!outcome.ok) throw new ApiError('NOT_FOUND', { message: 'No result has this id.' });
      return reply.code(outcome.created ? 201 : 200).send(feedbackView(outcome.feedback));
    },
  );
}
