/** DELETE /api/coach/conversations/<id> (ours): deletes one of the caller's conversations and its messages. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { CoachConversations } from '../coach-conversations.ts';
import { CONVERSATION_NOT_FOUND } from './conversation-schemas.ts';

export function registerDeleteConversation(app: App, deps: { conversations: CoachConversations }): void {
  app.delete(
    '/api/coach/conversations/:id',
    {
      config: { auth: 'required', permission: 'chat:use' },
      schema: {
        tags: ['Coach'],
        summary: 'Delete one of your conversations with the coach',
        params: IdParams,
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      if (!(await deps.conversations.remove(requirePrincipal(request), request.params.id))) throw new ApiError('NOT_FOUND', CONVERSATION_NOT_FOUND);
      return { success: true as const };
    },
  );
}
