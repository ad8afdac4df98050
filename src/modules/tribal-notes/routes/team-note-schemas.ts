/** Schemas of /api/team-notes. */
import { Type, type Static } from 'typebox';
import type { TribalNote } from '../tribal-note-service.ts';

export const TeamNoteSchema = Type.Object({
  id: Type.String(),
  productId: Type.Union([Type.String(), Type.Null()]),
  dimensionId: Type.Union([Type.String(), Type.Null()]),
  body: Type.String(),
  origin: Type.String({ description: "note (the notes field), interview, or score_context (a score request's context)" }),
  selfReported: Type.Literal(true),
  createdAt: Type.String({ format: 'date-time' }),
});

export function teamNoteJson(note: TribalNote): Static<typeof TeamNoteSchema> {
  return {
    id: note.id,
    productId: note.productId,
    dimensionId: note.dimensionId,
    body: note.body,
    origin: note.origin,
    selfReported: true,
    createdAt: note.createdAt.toISOString(),
  };
}
