/** The peer benchmark endpoints' response schemas, and the segment as the API names it. */
import { Type } from 'typebox';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { SEGMENTS } from '../../../framework/segments.ts';
import { MINIMUM_CONTRIBUTING_ACCOUNTS } from '../benchmark-service.ts';

export const QUANTILE_METHOD =
  'Quartiles by linear interpolation between the closest ranks (Hyndman and Fan type 7, as R, NumPy and PERCENTILE.INC compute them); ' +
  'percentile ranks by mid-rank: the share of the pool below the score, ties counted half, rounded to a whole number.';

export const POOL_DESCRIPTION =
  'The pool is the latest full score of each company placed in the segment (POST /api/score or /api/score/product with `segment`), ' +
  "a company being its site's host (without www.); of those, each account on a paid plan counts once, by its latest, and the asking account " +
  "(and, for a result's standing, the result's own account) not at all. " +
  `No figure is given until at least ${MINIMUM_CONTRIBUTING_ACCOUNTS} accounts remain: until then \`available\` is false and nothing else is said of the segment.`;

export const SegmentSchema = Type.Object({ key: Type.String(), label: Type.String() });

/** The segment as the API names it: its key and the metadata's label (the key itself for a key the framework no longer lists). */
export function segmentView(key: string) {
  return { key, label: SEGMENTS.find((segment) => segment.key === key)?.label ?? key };
}

const MinimumAccounts = Type.Integer({ description: 'How many paid accounts other than the asking one must have contributed before any figure is shown.' });
const Companies = Type.Optional(Type.Integer({ description: 'How many companies the pool holds (only when available).' }));
const Quartiles = { p25: Type.Number(), p50: Type.Number({ description: 'The median.' }), p75: Type.Number() };

export const SegmentFiguresSchema = Type.Object({
  segment: SegmentSchema,
  available: Type.Boolean(),
  minimumAccounts: MinimumAccounts,
  companies: Companies,
  total: Type.Optional(Type.Object(Quartiles, { description: 'Quartiles of the total score (only when available).' })),
  dimensions: Type.Optional(
    Type.Array(Type.Object({ dimensionId: Type.Enum(DIMENSION_IDS), dimensionName: Type.String(), ...Quartiles }), {
      description: "Quartiles of each dimension's level, 1 to 4 (only when available).",
    }),
  ),
});

const Standing = { score: Type.Integer(), percentile: Type.Integer({ minimum: 0, maximum: 100 }) };

export const ResultStandingSchema = Type.Object({
  resultId: Type.String({ format: 'uuid' }),
  segment: Type.Union([SegmentSchema, Type.Null()], { description: 'The segment the result was placed in when it was scored; null: none.' }),
  available: Type.Boolean(),
  minimumAccounts: MinimumAccounts,
  reason: Type.Optional(
    Type.Enum(['no_segment', 'too_few_accounts'], {
      description: 'Why there is no standing (only when not available): the result was placed in no segment, or too few accounts contributed to it.',
    }),
  ),
  companies: Companies,
  total: Type.Optional(Type.Object(Standing, { description: "The total and its percentile rank in the segment's pool (only when available)." })),
  dimensions: Type.Optional(Type.Array(Type.Object({ dimensionId: Type.Enum(DIMENSION_IDS), ...Standing }), { description: 'Each dimension likewise.' })),
});
