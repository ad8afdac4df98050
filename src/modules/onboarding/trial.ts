/**
 * The trial and its two milestones (spec parts 2 and 3), as pure functions
 * of the trial's start, the clock, the milestones' completion times and the
 * plan: the coverage record, read-only mode, and what each missing milestone
 * still needs, in plain words. Tested without a database (trial.test.ts).
 */
import { FUNCTIONS, type ProductFunction } from '../../framework/functions.ts';
import type { Role } from '../../vocabulary/roles.ts';

/** The trial's length, from the account's creation (spec part 2). */
export const TRIAL_DAYS = 30;
/** The milestone positions the coverage reports (spec part 2): welcome, nudge, read-only, last call, end. */
export const TRIAL_POSITIONS = [0, 7, 14, TRIAL_DAYS - 5, TRIAL_DAYS] as const;
/** From this day of the trial, an account with a milestone missing is read-only (spec part 3). */
export const READ_ONLY_FROM_DAY = 14;

export const MILESTONES = ['welcomeInterview', 'orgMap'] as const;
export type Milestone = (typeof MILESTONES)[number];
export type MilestoneCompletions = Record<Milestone, Date | null>;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** How far the org map is: per product (by name), the functions still without an owner. */
export interface OrgMapProgress {
  products: { name: string; missing: ProductFunction[] }[];
}

export interface TrialFacts {
  trialStartedAt: Date;
  now: Date;
  completions: MilestoneCompletions;
  /** A paid plan ends the trial: no countdown, and never read-only (docs/DECISIONS.md). */
  onPaidPlan: boolean;
}

export interface CoverageRecord {
  trialStartedAt: string;
  trialDaysRemaining: number;
  milestones: Record<Milestone, { completedAt: string | null; blocker: string }>;
  readOnly: boolean;
  /** Our addition: the positions part 2 says the coverage reports, with their dates. */
  positions: { day: number; at: string; reached: boolean }[];
}

/** The day of the trial `now` falls on: Day 0 is the day of creation, counted in whole 24-hour days. Never negative. */
export function trialDay(trialStartedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - trialStartedAt.getTime()) / MS_PER_DAY));
}

/** Whole days left: 30 on Day 0, 0 from Day 30 on, and 0 once a paid plan has ended the trial. */
export function trialDaysRemaining(facts: TrialFacts): number {
  if (facts.onPaidPlan) return 0;
  return Math.max(0, TRIAL_DAYS - trialDay(facts.trialStartedAt, facts.now));
}

export function missingMilestones(completions: MilestoneCompletions): Milestone[] {
  return MILESTONES.filter((milestone) => completions[milestone] === null);
}

/** Read-only (spec part 3): Day 14 reached, a milestone missing, and no paid plan. */
export function isReadOnly(facts: TrialFacts): boolean {
  if (facts.onPaidPlan) return false;
  if (trialDay(facts.trialStartedAt, facts.now) < READ_ONLY_FROM_DAY) return false;
  return missingMilestones(facts.completions).length > 0;
}

export const WELCOME_INTERVIEW_BLOCKER =
  'The welcome interview is not answered yet: your role, your goals, the product to score and your team size (POST /api/onboarding/welcome-interview).';

/**
 * What the org map still needs, about the product closest to complete: a
 * product first if there is none, else the functions still without an owner.
 */
export function orgMapBlocker(progress: OrgMapProgress): string {
  if (progress.products.length === 0) {
    return 'No product yet: add the product you want to map (POST /api/products), then name an owner for each of its six functions in the team registry.';
  }
  const closest = progress.products.reduce((best, product) => (product.missing.length < best.missing.length ? product : best));
  const functions = closest.missing.length === FUNCTIONS.length ? 'any of its six functions' : closest.missing.join(', ');
  return `The team registry names no owner for ${functions} of ${closest.name} (PUT /api/team-registry/<productId>); the org map needs an owner for all six functions of one product.`;
}

/** Blockers are empty strings on a completed milestone: part 2 shows them on incomplete ones only. */
export function coverageOf(facts: TrialFacts, orgMap: OrgMapProgress): CoverageRecord {
  const { completions } = facts;
  const blockers: Record<Milestone, string> = { welcomeInterview: WELCOME_INTERVIEW_BLOCKER, orgMap: orgMapBlocker(orgMap) };
  const milestone = (name: Milestone) => ({ completedAt: completions[name]?.toISOString() ?? null, blocker: completions[name] ? '' : blockers[name] });
  return {
    trialStartedAt: facts.trialStartedAt.toISOString(),
    trialDaysRemaining: trialDaysRemaining(facts),
    milestones: { welcomeInterview: milestone('welcomeInterview'), orgMap: milestone('orgMap') },
    readOnly: isReadOnly(facts),
    positions: TRIAL_POSITIONS.map((day) => {
      const at = new Date(facts.trialStartedAt.getTime() + day * MS_PER_DAY);
      return { day, at: at.toISOString(), reached: facts.now >= at };
    }),
  };
}

const MILESTONE_STEPS: Record<Milestone, string> = {
  welcomeInterview: 'answer the welcome interview (POST /api/onboarding/welcome-interview)',
  orgMap: 'name an owner for all six functions of one product in the team registry (PUT /api/team-registry/<productId>)',
};

/** Why a write is refused in read-only mode, and what lifts it: completing what is missing, or a paid plan. */
export function readOnlyRefusal(missing: Milestone[], role: Role): { message: string; action: string } {
  const steps = missing.map((milestone) => MILESTONE_STEPS[milestone]).join(' and ');
  const who = role === 'member' ? `Ask an owner or admin to ${steps}` : `To lift it at once, ${steps}`;
  return {
    message: `This account is read-only: Day ${READ_ONLY_FROM_DAY} of the trial has passed with onboarding incomplete. Reads keep working; writes that create or spend are refused.`,
    action: `${who}; or upgrade to a paid plan (POST /api/payment/checkout).`,
  };
}
