/**
 * POST /api/coach/conversations (ours): starts a stored conversation about a
 * result (optionally compared with another), which POST /api/chat then
 * continues by its id. It spends nothing: the questions are charged.
 */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { ScoringService } from '../../scoring/scoring-service.ts';
import type { CoachConversations } from '../coach-conversations.ts';
import { ConversationSchema, conversationView, CreateConversationBody } from './conversation-schemas.ts';

export function registerCreateConversation(app: App, deps: { conversations: CoachConversations; scoring: ScoringService }): void {
  app.post(
    '/api/coach/conversations',
    {
      config: { auth: 'required', permission: 'chat:use' },
      schema: {
        tags: ['Coach'],
        summary: 'Start a stored conversation with the coach about a result',
        description: 'Continue it with POST /api/chat and its `conversationId`: every question and answer is kept, so the conversation resumes on any device.',
        body: CreateConversationBody,
        response: { 201: ConversationSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { resultId, compareResultId } = request.body;
      const [result, compared] = await Promise.all([deps.scoring.get(resultId), compareResultId ? deps.scoring.get(compareResultId) : null]);
      if (!result) throw new ApiError('NOT_FOUND', { message: 'No scoring result has this id.' });
      if (compareResultId && !compared) throw new ApiError('NOT_FOUND', { message: 'No scoring result has the id given in compareResultId.' });
      const conversation = await deps.conversations.start(principal, { resultId, compareResultId: compareResultId ?? null });
      return reply.code(201).send(conversationView(conversation));
    },
  );
}
