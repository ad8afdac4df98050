/**
 * Onboarding: the trial's coverage record, the welcome interview and the
 * team registry that complete its two milestones, and the read-only
 * decision for writes (spec parts 2 and 3). Owns onboarding_milestones,
 * welcome_interviews and team_registry_owners; reads the trial's start from
 * the accounts module, the plan from billing and the products from the
 * products module, through the ports handed in. The rules themselves are
 * pure (trial.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { ExpiringCache } from '../../expiring-cache.ts';
import { FUNCTIONS, type ProductFunction } from '../../framework/functions.ts';
import { isPaidPlan, type Plan } from '../../vocabulary/plans.ts';
import type { Role } from '../../vocabulary/roles.ts';
import { onboardingMilestones, teamRegistryOwners, welcomeInterviews } from './tables.ts';
import {
  coverageOf,
  isReadOnly,
  MILESTONES,
  READ_ONLY_FROM_DAY,
  readOnlyRefusal,
  trialDay,
  type CoverageRecord,
  type Milestone,
  type MilestoneCompletions,
  type OrgMapProgress,
} from './trial.ts';

export interface ProductRef {
  id: string;
  name: string;
}

export interface OnboardingDependencies {
  db: Database;
  clock: Clock;
  /** When the account was created (the accounts module): the trial's start. null once the account is gone. */
  accountCreatedAt(accountId: string): Promise<Date | null>;
  /** The account's plan: as this instance last read it (no query; null when unknown), and read now (billing). */
  plans: { known(accountId: string): Plan | null; current(accountId: string): Promise<Plan> };
  /** The account's products (products module); `find` only if it belongs to the account. */
  products: { list(accountId: string): Promise<ProductRef[]>; find(accountId: string, productId: string): Promise<ProductRef | null> };
  /**
   * The team notes the interview writes (issue 27, tribal-notes module): which
   * dimensions a goal speaks to, and the interview's notes replaced in its
   * transaction. Without it the interview writes none.
   */
  teamNotes?: {
    dimensionsSpokenTo(text: string): readonly string[];
    replaceInterviewNotes(
      executor: Executor,
      accountId: string,
      authorUserId: string,
      notes: { productId: string | null; dimensionId: string; body: string }[],
    ): Promise<void>;
  };
}

export interface WelcomeInterviewAnswers {
  role: string;
  goals: string[];
  product: { name: string; url: string | null };
  teamSize: number;
}

export interface WelcomeInterview extends WelcomeInterviewAnswers {
  submittedAt: Date;
  updatedAt: Date;
}

export interface FunctionOwner {
  name: string;
  email: string | null;
}

export type FunctionOwners = Partial<Record<ProductFunction, FunctionOwner>>;

/** One product's row of the team registry. */
export interface RegistryEntry {
  productId: string;
  productName: string;
  owners: FunctionOwners;
  missingFunctions: ProductFunction[];
  /** The latest change to the product's owners; null when none is named. */
  updatedAt: Date | null;
}

/**
 * How a route that writes behaves in read-only mode. `refuse`: it creates or
 * spends (a score, a chat message, an API key). `allow-toward-org-map`: it
 * is refused too, except while the org map is missing, since it is how that
 * milestone is completed (a registry edit, the product to map).
 */
export type ReadOnlyWriteKind = 'refuse' | 'allow-toward-org-map';

export interface ReadOnlyRefusal {
  ok: false;
  reason: 'read_only';
  missingMilestones: Milestone[];
  message: string;
  action: string;
}

/**
 * An account's creation time never changes and a completed milestone stays
 * completed, so both are kept for long; incomplete state is never kept, so a
 * milestone completed on any instance lifts read-only mode at once everywhere.
 */
const KEPT_FACTS_TTL_MS = 60 * 60 * 1000;
const KEPT_FACTS_MAX = 10_000;

const NO_COMPLETIONS: MilestoneCompletions = { welcomeInterview: null, orgMap: null };

export class OnboardingService {
  readonly #deps: OnboardingDependencies;
  readonly #db: Database;
  readonly #trialStarts: ExpiringCache<string, Date>;
  readonly #fullyOnboarded: ExpiringCache<string, true>;

  constructor(deps: OnboardingDependencies) {
    this.#deps = deps;
    this.#db = deps.db;
    this.#trialStarts = new ExpiringCache({ clock: deps.clock, ttlMs: KEPT_FACTS_TTL_MS, maxEntries: KEPT_FACTS_MAX });
    this.#fullyOnboarded = new ExpiringCache({ clock: deps.clock, ttlMs: KEPT_FACTS_TTL_MS, maxEntries: KEPT_FACTS_MAX });
  }

  /** GET /api/onboarding/coverage; null when the account is gone. */
  async coverage(accountId: string): Promise<CoverageRecord | null> {
    const trialStartedAt = await this.#trialStart(accountId);
    if (!trialStartedAt) return null;
    const [completions, plan, registry] = await Promise.all([this.#completions(accountId), this.#deps.plans.current(accountId), this.registry(accountId)]);
    const progress: OrgMapProgress = { products: registry.map((entry) => ({ name: entry.productName, missing: entry.missingFunctions })) };
    return coverageOf({ trialStartedAt, now: this.#deps.clock.now(), completions, onPaidPlan: isPaidPlan(plan) }, progress);
  }

  /**
   * Whether a write of `kind` by this caller is refused by read-only mode.
   * On the path of every score and chat message, so it answers from what it
   * keeps where it can: before Day 14, on a plan known to be paid, or once
   * both milestones are done, with no query. Otherwise it reads the
   * milestones and the plan afresh, so a refusal is never decided on a stale
   * record.
   */
  async writeRefusal(caller: { accountId: string; role: Role }, kind: ReadOnlyWriteKind): Promise<ReadOnlyRefusal | null> {
    const { accountId } = caller;
    if (this.#fullyOnboarded.get(accountId)) return null;
    const trialStartedAt = await this.#trialStart(accountId);
    if (!trialStartedAt) return null;
    const now = this.#deps.clock.now();
    if (trialDay(trialStartedAt, now) < READ_ONLY_FROM_DAY) return null;
    const knownPlan = this.#deps.plans.known(accountId);
    if (knownPlan && isPaidPlan(knownPlan)) return null;
    const completions = await this.#completions(accountId);
    if (kind === 'allow-toward-org-map' && completions.orgMap === null) return null;
    const onPaidPlan = isPaidPlan(await this.#deps.plans.current(accountId));
    if (!isReadOnly({ trialStartedAt, now, completions, onPaidPlan })) return null;
    const missing = MILESTONES.filter((milestone) => completions[milestone] === null);
    return { ok: false, reason: 'read_only', missingMilestones: missing, ...readOnlyRefusal(missing, caller.role) };
  }

  async welcomeInterview(accountId: string): Promise<WelcomeInterview | null> {
    const [row] = await this.#db.select().from(welcomeInterviews).where(eq(welcomeInterviews.accountId, accountId));
    if (!row) return null;
    return {
      role: row.respondentRole,
      goals: row.goals,
      product: { name: row.productName, url: row.productUrl },
      teamSize: row.teamSize,
      submittedAt: row.submittedAt,
      updatedAt: row.updatedAt,
    };
  }

  /**
   * Stores the answers (a resubmission replaces them) and completes the
   * welcome interview milestone, first time kept. Each goal that speaks to a
   * dimension becomes a team note on it (self-reported, like every note), for
   * the product the interview names when the account has it, else for the
   * whole account.
   */
  async submitWelcomeInterview(accountId: string, respondentUserId: string, answers: WelcomeInterviewAnswers): Promise<WelcomeInterview> {
    const now = this.#deps.clock.now();
    const notes = this.#deps.teamNotes ? await this.#interviewNotes(accountId, answers, this.#deps.teamNotes.dimensionsSpokenTo) : [];
    const fields = {
      respondentUserId,
      respondentRole: answers.role,
      goals: answers.goals,
      productName: answers.product.name,
      productUrl: answers.product.url,
      teamSize: answers.teamSize,
      updatedAt: now,
    };
    await this.#db.transaction(async (tx) => {
      await tx
        .insert(welcomeInterviews)
        .values({ accountId, ...fields, submittedAt: now })
        .onConflictDoUpdate({ target: welcomeInterviews.accountId, set: fields });
      await completeMilestone(tx, accountId, 'welcomeInterview', now);
      await this.#deps.teamNotes?.replaceInterviewNotes(tx, accountId, respondentUserId, notes);
    });
    return (await this.welcomeInterview(accountId))!;
  }

  /** One note per goal and dimension it speaks to; a goal that names no dimension stays in the interview only (a note on every dimension would say nothing). */
  async #interviewNotes(accountId: string, answers: WelcomeInterviewAnswers, dimensionsSpokenTo: (text: string) => readonly string[]) {
    const named = answers.product.name.trim().toLowerCase();
    const product = (await this.#deps.products.list(accountId)).find((candidate) => candidate.name.trim().toLowerCase() === named);
    return answers.goals.flatMap((goal) => dimensionsSpokenTo(goal).map((dimensionId) => ({ productId: product?.id ?? null, dimensionId, body: goal })));
  }

  /** Every product of the account with its owners, products in the order they were added. */
  async registry(accountId: string): Promise<RegistryEntry[]> {
    const [products, rows] = await Promise.all([
      this.#deps.products.list(accountId),
      this.#db.select().from(teamRegistryOwners).where(eq(teamRegistryOwners.accountId, accountId)).orderBy(asc(teamRegistryOwners.productId)),
    ]);
    return products.map((product) =>
      registryEntry(
        product,
        rows.filter((row) => row.productId === product.id),
      ),
    );
  }

  /**
   * Replaces the product's owners with `owners` (a function left out has no
   * owner afterwards), and completes the org map the first time one product
   * has an owner for all six functions. null when the product is not the account's.
   */
  async setOwners(accountId: string, productId: string, owners: FunctionOwners): Promise<RegistryEntry | null> {
    const product = await this.#deps.products.find(accountId, productId);
    if (!product) return null;
    const now = this.#deps.clock.now();
    const rows = FUNCTIONS.flatMap((fn) => {
      const owner = owners[fn];
      return owner ? [{ accountId, productId, function: fn, ownerName: owner.name, ownerEmail: owner.email, updatedAt: now }] : [];
    });
    const stored = await this.#db.transaction(async (tx) => {
      await tx.delete(teamRegistryOwners).where(and(eq(teamRegistryOwners.accountId, accountId), eq(teamRegistryOwners.productId, productId)));
      const inserted = rows.length > 0 ? await tx.insert(teamRegistryOwners).values(rows).returning() : [];
      if (inserted.length === FUNCTIONS.length) await completeMilestone(tx, accountId, 'orgMap', now);
      return inserted;
    });
    return registryEntry(product, stored);
  }

  /** Removes every owner of the product; false when the product is not the account's. */
  async clearOwners(accountId: string, productId: string): Promise<boolean> {
    const product = await this.#deps.products.find(accountId, productId);
    if (!product) return false;
    await this.#db.delete(teamRegistryOwners).where(and(eq(teamRegistryOwners.accountId, accountId), eq(teamRegistryOwners.productId, productId)));
    return true;
  }

  async #trialStart(accountId: string): Promise<Date | null> {
    const kept = this.#trialStarts.get(accountId);
    if (kept) return kept;
    const ticket = this.#trialStarts.ticket();
    const createdAt = await this.#deps.accountCreatedAt(accountId);
    if (createdAt) this.#trialStarts.set(accountId, createdAt, ticket);
    return createdAt;
  }

  async #completions(accountId: string): Promise<MilestoneCompletions> {
    const ticket = this.#fullyOnboarded.ticket();
    const rows = await this.#db
      .select({ milestone: onboardingMilestones.milestone, completedAt: onboardingMilestones.completedAt })
      .from(onboardingMilestones)
      .where(eq(onboardingMilestones.accountId, accountId));
    const completions: MilestoneCompletions = { ...NO_COMPLETIONS };
    for (const row of rows) completions[row.milestone] = row.completedAt;
    if (MILESTONES.every((milestone) => completions[milestone] !== null)) this.#fullyOnboarded.set(accountId, true, ticket);
    return completions;
  }
}

/** Records the milestone's completion unless it was completed before: the first time is kept. */
async function completeMilestone(executor: Executor, accountId: string, milestone: Milestone, at: Date): Promise<void> {
  await executor.insert(onboardingMilestones).values({ accountId, milestone, completedAt: at }).onConflictDoNothing();
}

function registryEntry(product: ProductRef, rows: (typeof teamRegistryOwners.$inferSelect)[]): RegistryEntry {
  const owners: FunctionOwners = {};
  for (const row of rows) owners[row.function] = { name: row.ownerName, email: row.ownerEmail };
  const latest = rows.reduce<Date | null>((at, row) => (at === null || row.updatedAt > at ? row.updatedAt : at), null);
  return {
    productId: product.id,
    productName: product.name,
    owners,
    missingFunctions: FUNCTIONS.filter((fn) => owners[fn] === undefined),
    updatedAt: latest,
  };
}
