/**
 * Scheduled lifecycle mail (issue 13, point 5): recurring sweeps on the job
 * engine that enqueue mail through the mail.send job. Each sweep is one
 * bounded pass (paged reads) and idempotent: every mail carries a dedupe key
 * naming the mail and its recipient, and the engine keeps keys after the
 * mail is sent, so a sweep run twice, on two instances, or after a restart
 * never sends the same mail twice. Preferences are not looked at here: the
 * send job's gate checks them when the mail goes out.
 *
 * Reads go through the other modules' services (ports handed in by app.ts),
 * never their tables.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { JobRunner } from '../../queue/job-runner.ts';
import { enqueueMail } from '../../mail/send-mail-job.ts';
import type { Role } from '../../vocabulary/roles.ts';
import type { ScoreChange } from '../scoring/score-change.ts';
import type { CompanyScore } from '../scoring/segment-scores.ts';
import type { ComparisonOutcome, SegmentFigures } from '../benchmarks/benchmark-service.ts';
import { SEGMENTS } from '../../framework/segments.ts';
import type { CoverageRecord } from '../onboarding/trial.ts';
import { TRIAL_DAYS } from '../onboarding/trial.ts';
import type { MailCategory } from '../../vocabulary/mail-categories.ts';
import { SCORE_DECAY_AGE_MS, SCORE_DECAY_WINDOW_MS, scoreDecayMailFor, type MailContent } from './score-decay-mail.ts';
import { duePosition, TRIAL_MAIL_WINDOW_MS, trialMailFor, type TrialPosition } from './trial-mail.ts';
import { joinedMail, memberJoinedMail, packBoughtMail, planChangedMail } from './event-mail.ts';
import type { Plan, ScorePack } from '../../vocabulary/plans.ts';
import { materiallyChanged, peerBenchmarkMailFor, subscribersOf } from './peer-benchmark-mail.ts';
import { lastMailed, recordMailed } from './peer-benchmark-mailings.ts';
import { DIGEST_SCORE_LIMIT, reportedWeek, weeklyDigestFor, type DigestScore, type DigestUsage, type IsoWeek } from './weekly-digest-mail.ts';

export const TRIAL_SWEEP_JOB = 'lifecycle.trial-mail-sweep';
/** Mail that follows an event: enqueued in the event's transaction, run at the runner's next poll (seconds later). */
export const WELCOME_JOB = 'lifecycle.welcome';
export const MEMBER_JOINED_JOB = 'lifecycle.member-joined';
export const PLAN_CHANGED_JOB = 'lifecycle.plan-changed';
export const PACK_BOUGHT_JOB = 'lifecycle.pack-bought';
/** Hourly: a position's mail goes out within the hour it is reached. */
export const TRIAL_SWEEP_EVERY_MS = 60 * 60 * 1000;
export const SCORE_DECAY_SWEEP_JOB = 'lifecycle.score-decay-sweep';
export const WEEKLY_DIGEST_SWEEP_JOB = 'lifecycle.weekly-digest-sweep';
export const PEER_BENCHMARK_SWEEP_JOB = 'lifecycle.peer-benchmark-sweep';
/**
 * Daily, at the first poll after 00:00 UTC (the runner aligns periods to the
 * epoch): decay is counted in days, and the digest's week starts on a Monday
 * at 00:00 UTC, so Monday's first sweep sends it.
 */
export const DAILY_SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;
/** Accounts read per page of a sweep. */
const PAGE_SIZE = 100;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

export interface LifecycleMailDependencies {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  publicBaseUrl: string;
  /** Accounts created at or after `since`, a page at a time (accounts module). */
  accountsCreatedSince(since: Date, page: { after?: { createdAt: Date; id: string }; limit: number }): Promise<{ id: string; createdAt: Date }[]>;
  /** The account's team with their addresses (accounts module). */
  members(accountId: string): Promise<{ userId?: string; role: Role; email: string | null }[]>;
  /** The account's name (accounts module); null once it is gone. */
  accountName(accountId: string): Promise<string | null>;
  /** The coverage record (onboarding module); null once the account is gone. */
  coverage(accountId: string): Promise<CoverageRecord | null>;
  /** Whether the account is on a paid plan now (billing): a paid plan ends the trial. */
  onPaidPlan(accountId: string): Promise<boolean>;
  /** Products whose latest score was made in [since, cutoff), with that score, paged by product id (scoring module). */
  productsLastScoredBefore(
    cutoff: Date,
    page: { since: Date; afterProductId?: string; limit: number },
  ): Promise<{ productId: string; accountId: string; resultId: string; totalScore: number; stageName: string; scoredAt: Date }[]>;
  /** The product's name and address; null once it is gone (products module). */
  product(accountId: string, productId: string): Promise<{ name: string; url: string } | null>;
  /** Accounts with a score in [from, to), paged by account id (scoring module). */
  accountsScoredBetween(from: Date, to: Date, page: { afterAccountId?: string; limit: number }): Promise<string[]>;
  /** The account's scores made in [from, to), newest first, at most `limit` (scoring module). */
  scoresBetween(accountId: string, from: Date, to: Date, limit: number): Promise<Omit<DigestScore, 'change'>[]>;
  /** What changed since the score before (ScoringService.changeOf). */
  changeOf(accountId: string, resultId: string): Promise<ScoreChange | null>;
  /** The account's usage this billing period (metering's UsageReports). */
  usage(accountId: string): Promise<DigestUsage>;
  /** A segment's figures over every contributing account (BenchmarkService.figures): a segment short of them is skipped at once. */
  segmentFigures(segment: string): Promise<SegmentFigures>;
  /** Each account's latest among the companies' latest scores in a segment (ScoringService.accountLatestScoresIn): who the figures concern. */
  accountLatestScoresIn(segment: string): Promise<CompanyScore[]>;
  /**
   * A result's percentile and its segment's figures, as its account sees
   * them (BenchmarkService.comparisonOf: the pool leaves that account out).
   */
  comparisonOf(resultId: string): Promise<ComparisonOutcome>;
}

export interface SweepSummary {
  /** Accounts (trial mail, digest, peer benchmarks: per segment) or products (decay) looked at. */
  visited: number;
  enqueued: number;
}

/** Who gets trial mail: the people who can complete the milestones (admin and above answer and edit the registry). */
const TRIAL_MAIL_ROLES: readonly Role[] = ['owner', 'admin'];
/** Who gets a decay reminder: the people who decide to spend a score on a rescore (as for trial mail). */
const SCORE_DECAY_ROLES: readonly Role[] = ['owner', 'admin'];
/** Who gets the weekly digest: every member; it reports what the team did. */
const DIGEST_ROLES: readonly Role[] = ['owner', 'admin', 'member'];
/** Who gets a peer benchmark update: every member, as for the digest; it informs and asks nothing, and each may opt out. */
const PEER_BENCHMARK_ROLES: readonly Role[] = ['owner', 'admin', 'member'];

export class LifecycleMail {
  readonly #deps: LifecycleMailDependencies;

  constructor(deps: LifecycleMailDependencies) {
    this.#deps = deps;
  }

  /**
   * The Day 0 welcome, asked for in the transaction that creates the
   * account and sent at the runner's next poll (seconds, not the hourly
   * sweep's hour). It is the sweep's own Day 0 mail, under the sweep's dedupe
   * keys, so a sweep that finds the account still within Day 0 sends nothing more.
   */
  welcomeSoon(tx: Executor, accountId: string): Promise<unknown> {
    return this.#deps.jobs.enqueue(tx, { name: WELCOME_JOB, payload: { accountId }, dedupeKey: `welcome ${accountId}`, accountId });
  }

  /** Someone joined the account (a first join): mail them and its owners and admins, after the commit. */
  memberJoined(tx: Executor, accountId: string, member: { userId: string; role: Role }): Promise<unknown> {
    const at = this.#deps.clock.now().toISOString();
    return this.#deps.jobs.enqueue(tx, {
      name: MEMBER_JOINED_JOB,
      payload: { accountId, userId: member.userId, role: member.role },
      dedupeKey: `joined ${accountId} ${member.userId} ${at}`,
      accountId,
    });
  }

  /** The subscribed plan changed (a payment event): mail the owners and admins, after the commit. */
  planChanged(tx: Executor, accountId: string, change: { from: string; to: string; at: Date }): Promise<unknown> {
    const at = change.at.toISOString();
    return this.#deps.jobs.enqueue(tx, {
      name: PLAN_CHANGED_JOB,
      payload: { accountId, from: change.from, to: change.to, at },
      dedupeKey: `plan ${accountId} ${change.from} ${change.to} ${at}`,
      accountId,
    });
  }

  /** A score pack was credited (a payment event, applied once): mail the owners and admins, after the commit. */
  packBought(tx: Executor, accountId: string, purchase: { pack: string; sourceEventId: string }): Promise<unknown> {
    return this.#deps.jobs.enqueue(tx, {
      name: PACK_BOUGHT_JOB,
      payload: { accountId, pack: purchase.pack, sourceEventId: purchase.sourceEventId },
      dedupeKey: `pack ${accountId} ${purchase.sourceEventId}`,
      accountId,
    });
  }

  /** Registers the sweeps on the runner; `runner.start` (background work on) then runs them on their cadence. */
  register(runner: JobRunner): void {
    runner.on(WELCOME_JOB, async (payload) => {
      await this.#trialMailForAccount(String(payload.accountId), this.#deps.clock.now(), 0);
    });
    runner.on(MEMBER_JOINED_JOB, async (payload) => {
      await this.#memberJoinedMail(String(payload.accountId), String(payload.userId), String(payload.role));
    });
    runner.on(PLAN_CHANGED_JOB, async (payload) => {
      await this.#planChangedMail(String(payload.accountId), payload.from as Plan, payload.to as Plan, String(payload.at));
    });
    runner.on(PACK_BOUGHT_JOB, async (payload) => {
      await this.#packBoughtMail(String(payload.accountId), payload.pack as ScorePack, String(payload.sourceEventId));
    });
    runner.on(TRIAL_SWEEP_JOB, async () => {
      await this.sweepTrialMail();
    });
    runner.every(TRIAL_SWEEP_JOB, TRIAL_SWEEP_EVERY_MS);
    runner.on(SCORE_DECAY_SWEEP_JOB, async () => {
      await this.sweepScoreDecay();
    });
    runner.every(SCORE_DECAY_SWEEP_JOB, DAILY_SWEEP_EVERY_MS);
    runner.on(WEEKLY_DIGEST_SWEEP_JOB, async () => {
      await this.sweepWeeklyDigest();
    });
    runner.every(WEEKLY_DIGEST_SWEEP_JOB, DAILY_SWEEP_EVERY_MS);
    runner.on(PEER_BENCHMARK_SWEEP_JOB, async () => {
      await this.sweepPeerBenchmarks();
    });
    runner.every(PEER_BENCHMARK_SWEEP_JOB, DAILY_SWEEP_EVERY_MS);
  }

  /**
   * One pass over the segments whose figures are available (5 accounts or
   * more behind them): each account that made the latest score of a company
   * in the segment gets an update when the total's quartiles moved materially
   * since the figures last mailed to it (its first: as soon as the segment is
   * available), to every member with an address, once per (update, address).
   */
  async sweepPeerBenchmarks(): Promise<SweepSummary> {
    const summary: SweepSummary = { visited: 0, enqueued: 0 };
    for (const segment of SEGMENTS) {
      try {
        const figures = await this.#deps.segmentFigures(segment.key);
        // Below 5 accounts nothing is shown, so nothing is mailed either.
        if (!figures.available) continue;
        for (const latest of subscribersOf(await this.#deps.accountLatestScoresIn(segment.key)).values()) {
          summary.visited++;
          try {
            summary.enqueued += await this.#peerBenchmarkFor(segment, latest);
          } catch (error) {
            this.#deps.log.warn(
              { err: error, accountId: latest.accountId, segment: segment.key },
              'peer benchmark update for an account failed; the next sweep tries again',
            );
          }
        }
      } catch (error) {
        this.#deps.log.warn({ err: error, segment: segment.key }, 'peer benchmark sweep of a segment failed; the next sweep tries again');
      }
    }
    return summary;
  }

  async #peerBenchmarkFor(segment: { key: string; label: string }, latest: CompanyScore): Promise<number> {
    const { db } = this.#deps;
    const { accountId } = latest;
    // The figures and the percentile the API would show this account: its own scores are not in them.
    const outcome = await this.#deps.comparisonOf(latest.resultId);
    if (!outcome.ok || !outcome.standing.available || !outcome.figures.available) return 0;
    const figures = outcome.figures;
    const last = await lastMailed(db, accountId, segment.key);
    if (!materiallyChanged(last?.total ?? null, figures.total)) return 0;
    const own = { resultId: latest.resultId, company: latest.company, totalScore: outcome.standing.total.score, percentile: outcome.standing.total.percentile };
    const content = peerBenchmarkMailFor(
      { segmentLabel: segment.label, companies: figures.companies, total: figures.total, before: last?.total ?? null, own },
      this.#deps.publicBaseUrl,
    );
    const recipients = recipientsOf(await this.#deps.members(accountId), PEER_BENCHMARK_ROLES);
    // The update's number names it in the dedupe keys: a second sweep preparing the same update sends nothing.
    const mailing = (last?.mailings ?? 0) + 1;
    return db.transaction(async (tx) => {
      const enqueued = await this.#enqueueEach(
        recipients,
        content,
        'peer_benchmark_updates',
        accountId,
        (to) => `peer benchmark ${segment.key} update ${mailing} for ${accountId} to ${to}`,
        tx,
      );
      await recordMailed(tx, { accountId, segment: segment.key, total: figures.total, mailing, at: this.#deps.clock.now() });
      return enqueued;
    });
  }

  /**
   * One pass over the products whose latest score turned older than
   * SCORE_DECAY_AGE_MS within SCORE_DECAY_WINDOW_MS: a reminder to the
   * account's owners and admins, once per (product, latest score, address).
   * A new score changes the latest result, so its own decay reminds again.
   */
  async sweepScoreDecay(): Promise<SweepSummary> {
    const cutoff = new Date(this.#deps.clock.now().getTime() - SCORE_DECAY_AGE_MS);
    const since = new Date(cutoff.getTime() - SCORE_DECAY_WINDOW_MS);
    const summary: SweepSummary = { visited: 0, enqueued: 0 };
    let afterProductId: string | undefined;
    for (;;) {
      const page = await this.#deps.productsLastScoredBefore(cutoff, { since, afterProductId, limit: PAGE_SIZE });
      for (const score of page) {
        summary.visited++;
        try {
          const product = await this.#deps.product(score.accountId, score.productId);
          if (!product) continue;
          const content = scoreDecayMailFor({ ...score, productName: product.name, productUrl: product.url }, this.#deps.publicBaseUrl);
          const recipients = recipientsOf(await this.#deps.members(score.accountId), SCORE_DECAY_ROLES);
          summary.enqueued += await this.#enqueueEach(
            recipients,
            content,
            'score_decay_reminders',
            score.accountId,
            (to) => `score decay for ${score.productId} at ${score.resultId} to ${to}`,
          );
        } catch (error) {
          this.#deps.log.warn(
            { err: error, accountId: score.accountId, productId: score.productId },
            'score decay reminder failed; the next sweep tries again',
          );
        }
      }
      if (page.length < PAGE_SIZE) return summary;
      afterProductId = page.at(-1)!.productId;
    }
  }

  /**
   * One pass over the accounts scored in the last whole ISO week: the digest
   * of that week to every member with an address, once per (week, account,
   * address). An account with no score that week gets none.
   */
  async sweepWeeklyDigest(): Promise<SweepSummary> {
    const week = reportedWeek(this.#deps.clock.now());
    const summary: SweepSummary = { visited: 0, enqueued: 0 };
    let afterAccountId: string | undefined;
    for (;;) {
      const page = await this.#deps.accountsScoredBetween(week.start, week.end, { afterAccountId, limit: PAGE_SIZE });
      for (const accountId of page) {
        summary.visited++;
        try {
          summary.enqueued += await this.#digestForAccount(accountId, week);
        } catch (error) {
          this.#deps.log.warn({ err: error, accountId }, 'weekly digest for an account failed; the next sweep tries again');
        }
      }
      if (page.length < PAGE_SIZE) return summary;
      afterAccountId = page.at(-1);
    }
  }

  async #digestForAccount(accountId: string, week: IsoWeek): Promise<number> {
    // No one to tell: nothing to compose (each listed score's change is a query).
    const recipients = recipientsOf(await this.#deps.members(accountId), DIGEST_ROLES);
    if (recipients.length === 0) return 0;
    // One more than listed, so the digest can say there are more.
    const found = await this.#deps.scoresBetween(accountId, week.start, week.end, DIGEST_SCORE_LIMIT + 1);
    if (found.length === 0) return 0;
    // Changes only for the listed scores; the one past the limit is only counted.
    const scores: DigestScore[] = [];
    for (const [index, score] of found.entries()) {
      scores.push({ ...score, change: index < DIGEST_SCORE_LIMIT ? await this.#deps.changeOf(accountId, score.id) : null });
    }
    const content = weeklyDigestFor(week, scores, await this.#deps.usage(accountId), this.#deps.publicBaseUrl);
    return this.#enqueueEach(recipients, content, 'weekly_digest', accountId, (to) => `weekly digest ${week.label} for ${accountId} to ${to}`);
  }

  async #enqueueEach(
    recipients: string[],
    content: MailContent,
    category: MailCategory,
    accountId: string,
    dedupeKeyFor: (to: string) => string,
    executor: Executor = this.#deps.db,
  ): Promise<number> {
    let enqueued = 0;
    for (const to of recipients) {
      const result = await enqueueMail(
        this.#deps.jobs,
        executor,
        { to, subject: content.subject, text: content.text, html: content.html, category },
        { dedupeKey: dedupeKeyFor(to), accountId },
      );
      if (result.enqueued) enqueued++;
    }
    return enqueued;
  }

  /**
   * To the one who joined (unless they started the account: the welcome is
   * theirs), and to the owners and admins other than them. The founder's own
   * first join is not news to anyone.
   */
  async #memberJoinedMail(accountId: string, userId: string, role: string): Promise<number> {
    const [name, members] = await Promise.all([this.#deps.accountName(accountId), this.#deps.members(accountId)]);
    if (name === null || members.length <= 1) return 0;
    const joiner = members.find((member) => member.userId === userId);
    const joinerAddress = joiner?.email?.trim().toLowerCase() ?? null;
    const key = (to: string) => `joined ${accountId} ${userId} ${joiner ? 'member' : 'gone'} to ${to}`;
    let enqueued = 0;
    if (joinerAddress && joinerAddress.includes('@')) {
      enqueued += await this.#enqueueEach([joinerAddress], joinedMail(name, role, this.#deps.publicBaseUrl), 'account', accountId, key);
    }
    const managers = recipientsOf(
      members.filter((member) => member.userId !== userId),
      ACCOUNT_NOTICE_ROLES,
    );
    const who = joiner?.email ?? userId;
    enqueued += await this.#enqueueEach(managers, memberJoinedMail(name, who, role, this.#deps.publicBaseUrl), 'account', accountId, key);
    return enqueued;
  }

  async #planChangedMail(accountId: string, from: Plan, to: Plan, at: string): Promise<number> {
    const [name, members] = await Promise.all([this.#deps.accountName(accountId), this.#deps.members(accountId)]);
    if (name === null) return 0;
    const content = planChangedMail(name, from, to, this.#deps.publicBaseUrl);
    return this.#enqueueEach(
      recipientsOf(members, ACCOUNT_NOTICE_ROLES),
      content,
      'billing',
      accountId,
      (address) => `plan ${accountId} ${from} ${to} ${at} to ${address}`,
    );
  }

  async #packBoughtMail(accountId: string, pack: ScorePack, sourceEventId: string): Promise<number> {
    const [name, members] = await Promise.all([this.#deps.accountName(accountId), this.#deps.members(accountId)]);
    if (name === null) return 0;
    const content = packBoughtMail(name, pack, this.#deps.publicBaseUrl);
    return this.#enqueueEach(recipientsOf(members, ACCOUNT_NOTICE_ROLES), content, 'billing', accountId, (to) => `pack ${accountId} ${sourceEventId} to ${to}`);
  }

  /**
   * One pass over the accounts still in (or just past) their trial: for each,
   * the mail of the latest position reached within the window, to its owners
   * and admins, once per (position, account, address).
   */
  async sweepTrialMail(): Promise<SweepSummary> {
    const now = this.#deps.clock.now();
    // Day 30's mail may still be due until the window after it closes.
    const since = new Date(now.getTime() - TRIAL_DAYS * MS_PER_DAY - TRIAL_MAIL_WINDOW_MS);
    const summary: SweepSummary = { visited: 0, enqueued: 0 };
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page = await this.#deps.accountsCreatedSince(since, { after, limit: PAGE_SIZE });
      for (const account of page) {
        summary.visited++;
        try {
          summary.enqueued += await this.#trialMailForAccount(account.id, now);
        } catch (error) {
          // One account's failure (erased mid-sweep: its foreign key is gone) must not hold up the others.
          this.#deps.log.warn({ err: error, accountId: account.id }, 'trial mail for an account failed; the next sweep tries again');
        }
      }
      if (page.length < PAGE_SIZE) return summary;
      after = page.at(-1);
    }
  }

  async #trialMailForAccount(accountId: string, now: Date, only?: TrialPosition): Promise<number> {
    const coverage = await this.#deps.coverage(accountId);
    if (!coverage) return 0;
    const day = duePosition(coverage, now);
    if (day === null || (only !== undefined && day !== only)) return 0;
    // A paid plan ends the trial: none of its mails apply (docs/DECISIONS.md).
    if (await this.#deps.onPaidPlan(accountId)) return 0;
    const content = trialMailFor(day, coverage, this.#deps.publicBaseUrl);
    if (!content) return 0;
    const recipients = recipientsOf(await this.#deps.members(accountId), TRIAL_MAIL_ROLES);
    let enqueued = 0;
    for (const to of recipients) {
      const result = await enqueueMail(
        this.#deps.jobs,
        this.#deps.db,
        { to, subject: content.subject, text: content.text, html: content.html, category: content.category },
        { dedupeKey: `trial day ${day} for ${accountId} to ${to}`, accountId },
      );
      if (result.enqueued) enqueued++;
    }
    return enqueued;
  }
}

/** Who hears of the account's billing and team: the people who manage them. */
const ACCOUNT_NOTICE_ROLES: readonly Role[] = ['owner', 'admin'];

/** The distinct addresses (trimmed, lower-cased, as preferences key them) of the members holding one of `roles`. */
export function recipientsOf(members: { role: Role; email: string | null }[], roles: readonly Role[]): string[] {
  const addresses = members.filter((member) => roles.includes(member.role) && member.email).map((member) => member.email!.trim().toLowerCase());
  return [...new Set(addresses)].filter((address) => address.includes('@'));
}
