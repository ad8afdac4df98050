/** DELETE /api/team-notes/<id>: takes a note back; every member (notes are the team's, not one person's). */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { TribalNoteService } from '../tribal-note-service.ts';

export function registerDeleteTeamNote(app: App, deps: { notes: TribalNoteService }): void {
  app.delete(
    '/api/team-notes/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Team notes'],
        summary: 'Delete a team note',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!(await deps.notes.remove(principal.accountId, request.params.id))) throw new ApiError('NOT_FOUND', { message: 'No such note in this account.' });
      return { success: true as const };
    },
  );
}
