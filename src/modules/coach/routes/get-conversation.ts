/** GET /api/coach/conversations/<id> (ours): one of the caller's conversations, every message in order. */
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { CoachConversations } from '../coach-conversations.ts';
import { CONVERSATION_NOT_FOUND, ConversationSchema, conversationView } from './conversation-schemas.ts';

export function registerGetConversation(app: App, deps: { conversations: CoachConversations }): void {
  app.get(
    '/api/coach/conversations/:id',
    {
      config: { auth: 'required', permission: 'chat:use' },
      schema: {
        tags: ['Coach'],
        summary: 'One of your conversations with the coach, with every message',
        params: IdParams,
        response: { 200: ConversationSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const conversation = await deps.conversations.get(requirePrincipal(request), request.params.id);
      if (!conversation) throw new ApiError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      return conversationView(conversation);
    },
  );
}
