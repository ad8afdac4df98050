/** A move as every Moves route answers it: one schema, so the list, the approval and the dismissal never disagree. */
import { Type, type Static } from 'typebox';
import { DIMENSION_IDS, dimensionById } from '../../framework/dimensions.ts';
import { DISMISS_REASONS, MOVE_KINDS, MOVE_ORIGINS, MOVE_STATES, type moves } from './tables.ts';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const MoveSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    productId: Type.String({ format: 'uuid' }),
    kind: Type.Enum(MOVE_KINDS, {
      description:
        "`linear_issue`, `github_issue`: an issue in the product's Linear team or GitHub repository; `slack_post`: a post to the account's Slack; `rescore`: score the product again.",
    }),
    origin: Type.Enum(MOVE_ORIGINS, {
      description: '`goal_at_risk`: a goal the score left at risk; `dimension_fell`: the dimension lost a level since the score before.',
    }),
    dimensionId: Nullable(Type.Enum(DIMENSION_IDS)),
    dimensionName: Nullable(Type.String()),
    fromLevel: Nullable(Type.Integer({ minimum: 1, maximum: 4 })),
    targetLevel: Nullable(Type.Integer({ minimum: 1, maximum: 4 })),
    title: Type.String(),
    body: Type.String({ description: 'Markdown: the practices of the next level, the first steps, the metrics to watch, and why the move was proposed.' }),
    target: Type.String({ description: 'Where it goes: the Linear team, the GitHub repository, "Slack", or the product.' }),
    state: Type.Enum(MOVE_STATES, {
      description: '`approved`: the dispatch is under way; `dispatched`: done, with its link; `failed`: see lastError (approve again to retry).',
    }),
    proposedAt: Timestamp,
    approvedAt: Nullable(Timestamp),
    approvedBy: Nullable(Type.String({ description: 'The approving user, or `auto` when the account lets this kind dispatch without approval.' })),
    dispatchedAt: Nullable(Timestamp),
    link: Nullable(Type.String({ description: "The issue's address, or the rescore's result page; null for a Slack post." })),
    lastError: Nullable(Type.String()),
    dismissal: Nullable(
      Type.Object({ reason: Type.Enum(DISMISS_REASONS), note: Nullable(Type.String()), by: Type.String(), at: Timestamp }, { additionalProperties: false }),
    ),
    resultId: Type.String({ format: 'uuid', description: 'The score the move was proposed from.' }),
    goalId: Nullable(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type MoveView = Static<typeof MoveSchema>;

export function moveView(row: typeof moves.$inferSelect): MoveView {
  return {
    id: row.id,
    productId: row.productId,
    kind: row.kind,
    origin: row.origin,
    dimensionId: row.dimensionId,
    dimensionName: row.dimensionId ? dimensionById(row.dimensionId).name : null,
    fromLevel: row.fromLevel,
    targetLevel: row.targetLevel,
    title: row.title,
    body: row.body,
    target: row.target,
    state: row.state,
    proposedAt: row.proposedAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    approvedBy: row.approvedBy,
    dispatchedAt: row.dispatchedAt?.toISOString() ?? null,
    link: row.link,
    lastError: row.lastError,
    dismissal:
      row.dismissReason && row.dismissedAt && row.dismissedBy
        ? { reason: row.dismissReason, note: row.dismissNote, by: row.dismissedBy, at: row.dismissedAt.toISOString() }
        : null,
    resultId: row.resultId,
    goalId: row.goalId,
  };
}
