import { Type } from 'typebox';
import { MoveSchema } from '../move-view.ts';
import { DISMISS_REASONS, MOVE_KINDS, MOVE_STATES } from '../tables.ts';

export const MOVE_PAGE_LIMIT = 50;
export const DISMISS_NOTE_MAX = 500;

export const MoveListQuery = Type.Object({
  state: Type.Optional(Type.Enum(MOVE_STATES, { description: 'Only moves in this state.' })),
  productId: Type.Optional(Type.String({ format: 'uuid', description: "Only this product's moves." })),
  cursor: Type.Optional(Type.String({ format: 'uuid', description: "The previous page's `nextCursor`: lists the moves after it, newest first." })),
  // A string: query values are not coerced (http-server.ts); the pattern holds it to 1..100.
  limit: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$', description: `Moves per page: 1 to 100; default ${MOVE_PAGE_LIMIT}.` })),
});

export const MoveListSchema = Type.Object({
  moves: Type.Array(MoveSchema),
  nextCursor: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
    description: 'Pass as `cursor` for the next page (older moves); null when this page holds the oldest.',
  }),
});

export const DismissBody = Type.Object(
  {
    reason: Type.Enum(DISMISS_REASONS, { description: 'Why the move is not taken (or, `helpful`, why it needs no dispatch).' }),
    note: Type.Optional(Type.String({ maxLength: DISMISS_NOTE_MAX })),
  },
  { additionalProperties: false },
);

export const MoveSettingsSchema = Type.Object(
  {
    autoDispatch: Type.Array(Type.Enum(MOVE_KINDS), {
      uniqueItems: true,
      description: 'The kinds of move dispatched without approval as soon as they are proposed (within the dispatch rate limit).',
    }),
  },
  { additionalProperties: false },
);

const Count = Type.Integer({ minimum: 0 });

export const IntelligenceQuery = Type.Object({
  productId: Type.Optional(Type.String({ format: 'uuid', description: "Only this product's moves and scores." })),
});

export const IntelligenceSchema = Type.Object(
  {
    productId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    windowDays: Count,
    movesProposed: Count,
    movesDispatched: Count,
    movesDismissed: Type.Object({
      total: Count,
      byReason: Type.Object(Object.fromEntries(DISMISS_REASONS.map((reason) => [reason, Count])) as Record<(typeof DISMISS_REASONS)[number], typeof Count>),
    }),
    dimensionsImproved: Type.Integer({ minimum: 0, description: 'The distinct product dimensions among the closed loops.' }),
    loopsClosed: Type.Integer({
      minimum: 0,
      description:
        "Work moves dispatched in the window whose dimension's level on the product's first full score after the dispatch is above the level they were proposed from.",
    }),
    loopClosureRate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
      description: 'loopsClosed over the work moves dispatched in the window that have a later full score; null when none has one yet.',
    }),
    pointsPerWeek: Type.Number({ description: "Per product, the latest full score's total in the window minus the earliest, summed, over 30/7 weeks." }),
    byKind: Type.Array(Type.Object({ kind: Type.Enum(MOVE_KINDS), dispatched: Count, closed: Count })),
  },
  { additionalProperties: false },
);
