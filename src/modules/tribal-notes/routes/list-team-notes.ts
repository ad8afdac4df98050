/** GET /api/team-notes: the notes of a product (and the account-wide ones); every member. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { TribalNoteService } from '../tribal-note-service.ts';
import { TeamNoteSchema, teamNoteJson } from './team-note-schemas.ts';

export function registerListTeamNotes(app: App, deps: { notes: TribalNoteService }): void {
  app.get(
    '/api/team-notes',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Team notes'],
        summary: "The team's notes",
        querystring: Type.Object({ productId: Type.Optional(Type.String({ format: 'uuid' })) }),
        response: { 200: Type.Object({ notes: Type.Array(TeamNoteSchema) }), ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { notes: (await deps.notes.forProduct(principal.accountId, request.query.productId ?? null)).map(teamNoteJson) };
    },
  );
}
