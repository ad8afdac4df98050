/** GET /api/coach/conversations (ours): the caller's own conversations with the coach, newest first. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import { CONVERSATION_LIST_LIMIT, type CoachConversations } from '../coach-conversations.ts';
import { ConversationListQuery, ConversationSummarySchema, conversationSummaryView } from './conversation-schemas.ts';

export function registerListConversations(app: App, deps: { conversations: CoachConversations }): void {
  app.get(
    '/api/coach/conversations',
    {
      config: { auth: 'required', permission: 'chat:use' },
      schema: {
        tags: ['Coach'],
        summary: `Your conversations with the coach, newest first (at most ${CONVERSATION_LIST_LIMIT})`,
        description: "Each person's own, in the account they are signed in to; a teammate's are not listed.",
        querystring: ConversationListQuery,
        response: { 200: Type.Object({ conversations: Type.Array(ConversationSummarySchema) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const conversations = await deps.conversations.list(principal, { resultId: request.query.resultId });
      return { conversations: conversations.map(conversationSummaryView) };
    },
  );
}
