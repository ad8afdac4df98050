/** POST /api/team-notes: a note from the team, about a product and optionally one dimension; every member. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses, invalidBody } from '../../../http/errors.ts';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import type { TribalNoteService } from '../tribal-note-service.ts';
import { TeamNoteSchema, teamNoteJson } from './team-note-schemas.ts';

export function registerPostTeamNote(
  app: App,
  deps: { notes: TribalNoteService; productInAccount: (accountId: string, productId: string) => Promise<boolean> },
): void {
  app.post(
    '/api/team-notes',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Team notes'],
        summary: 'Say what the website cannot show ("we interview five customers a week")',
        body: Type.Object({
          productId: Type.Optional(Type.String({ format: 'uuid' })),
          dimensionId: Type.Optional(Type.Union(DIMENSION_IDS.map((id) => Type.Literal(id)))),
          body: Type.String({ minLength: 1, maxLength: 2000 }),
        }),
        response: { 201: TeamNoteSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { productId = null, dimensionId = null, body } = request.body;
      if (productId && !(await deps.productInAccount(principal.accountId, productId)))
        throw invalidBody([{ field: 'body.productId', message: 'is not a product of this account' }]);
      const note = await deps.notes.add(principal.accountId, principal.userId, { productId, dimensionId, body: body.trim(), origin: 'note' });
      return reply.code(201).send(teamNoteJson(note));
    },
  );
}
