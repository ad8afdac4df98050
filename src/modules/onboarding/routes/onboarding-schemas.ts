import { Type } from 'typebox';
import { FUNCTIONS } from '../../../framework/functions.ts';
import { URL_MAX_LENGTH } from '../../scoring/api/score-schemas.ts';
import type { RegistryEntry, WelcomeInterview } from '../onboarding-service.ts';

const DateTime = Type.String({ format: 'date-time' });

const MilestoneSchema = Type.Object({
  completedAt: Type.Union([DateTime, Type.Null()], { description: 'null while the milestone is incomplete' }),
  blocker: Type.String({ description: 'What still blocks completion, in plain words; an empty string once the milestone is complete.' }),
});

/** The onboarding coverage record (spec part 2), plus `positions` (docs/DECISIONS.md). */
export const CoverageSchema = Type.Object({
  trialStartedAt: DateTime,
  trialDaysRemaining: Type.Integer({ minimum: 0 }),
  milestones: Type.Object({ welcomeInterview: MilestoneSchema, orgMap: MilestoneSchema }),
  readOnly: Type.Boolean(),
  positions: Type.Array(Type.Object({ day: Type.Integer(), at: DateTime, reached: Type.Boolean() }), {
    description: 'The milestone positions of the trial (Day 0, 7, 14, 25, 30), their dates, and whether each is reached.',
  }),
});

export const INTERVIEW_TEXT_MAX_LENGTH = 200;
export const INTERVIEW_GOALS_MAX = 5;
export const TEAM_SIZE_MAX = 100_000;

/** Texts are trimmed before their emptiness is checked, so the schema bounds the raw values loosely. */
export const WelcomeInterviewBody = Type.Object({
  role: Type.String({ minLength: 1, maxLength: INTERVIEW_TEXT_MAX_LENGTH, description: 'Your role in the company, e.g. Head of Product.' }),
  goals: Type.Array(Type.String({ minLength: 1, maxLength: INTERVIEW_TEXT_MAX_LENGTH }), {
    minItems: 1,
    maxItems: INTERVIEW_GOALS_MAX,
    description: 'What you want the scoring and coaching to help with.',
  }),
  product: Type.Object({
    name: Type.String({ minLength: 1, maxLength: INTERVIEW_TEXT_MAX_LENGTH }),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: URL_MAX_LENGTH, description: 'An http(s) address; leave out for a product not yet online.' })),
  }),
  teamSize: Type.Integer({ minimum: 1, maximum: TEAM_SIZE_MAX, description: 'People working on the product.' }),
});

export const WelcomeInterviewSchema = Type.Object({
  role: Type.String(),
  goals: Type.Array(Type.String()),
  product: Type.Object({ name: Type.String(), url: Type.Union([Type.String(), Type.Null()]) }),
  teamSize: Type.Integer(),
  submittedAt: DateTime,
  updatedAt: DateTime,
});

export const welcomeInterviewView = (interview: WelcomeInterview) => ({
  ...interview,
  submittedAt: interview.submittedAt.toISOString(),
  updatedAt: interview.updatedAt.toISOString(),
});

const OwnerSchema = Type.Object({ name: Type.String(), email: Type.Union([Type.String(), Type.Null()]) });

const OwnersSchema = Type.Object(Object.fromEntries(FUNCTIONS.map((fn) => [fn, Type.Optional(OwnerSchema)])), {
  description: 'The named owner of each function; a function without one is left out.',
});

export const RegistryEntrySchema = Type.Object({
  productId: Type.String({ format: 'uuid' }),
  productName: Type.String(),
  owners: OwnersSchema,
  missingFunctions: Type.Array(Type.String({ enum: [...FUNCTIONS] })),
  updatedAt: Type.Union([DateTime, Type.Null()]),
});

export const RegistrySchema = Type.Object({ products: Type.Array(RegistryEntrySchema) });

export const registryEntryView = (entry: RegistryEntry) => ({ ...entry, updatedAt: entry.updatedAt?.toISOString() ?? null });

export const OWNER_NAME_MAX_LENGTH = 100;
export const OWNER_EMAIL_MAX_LENGTH = 254;

/**
 * Keyed by function; the keys are checked against the six functions in the
 * route, so an unknown one is named in the 400 rather than dropped.
 */
export const PutRegistryBody = Type.Object({
  owners: Type.Record(
    Type.String(),
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: OWNER_NAME_MAX_LENGTH }),
      email: Type.Optional(Type.String({ format: 'email', maxLength: OWNER_EMAIL_MAX_LENGTH })),
    }),
  ),
});

export const ProductParams = Type.Object({ productId: Type.String({ format: 'uuid' }) });

export const ClearedSchema = Type.Object({ success: Type.Literal(true) });
