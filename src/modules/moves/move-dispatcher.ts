/**
 * Where a move goes and how it gets there: the product's Linear team, else
 * its GitHub repository, else the account's Slack, else a rescore (which
 * still lets the loop be measured). Tokens come live from the integrations
 * module (refreshed as the sync refreshes them); Slack goes through the
 * SSRF-safe poster; a rescore is admitted and charged as a scheduled one.
 */
import type { ProductResource } from '../integrations/source-connections.ts';
import type { SourceProvider } from '../integrations/source-oauth.ts';
import { githubClient } from '../integrations/github-source.ts';
import { linearClient } from '../integrations/linear-source.ts';
import type { ScoreNowOutcome } from '../outcomes/schedule-service.ts';
import { firstStepsOf } from './move-content.ts';
import { createGitHubIssue, createLinearIssue, type CreatedIssue } from './move-providers.ts';
import type { moves, MoveKind } from './tables.ts';

type Move = typeof moves.$inferSelect;

export type DispatchOutcome = { ok: true; link: string | null; externalId: string | null } | { ok: false; reason: string };

export interface MoveDispatcherDependencies {
  publicBaseUrl: string;
  /** SourceConnections.productResource / withProductResource. */
  productResource(accountId: string, productId: string, provider: SourceProvider): Promise<ProductResource | null>;
  withProductResource<T>(
    accountId: string,
    productId: string,
    provider: SourceProvider,
    work: (access: { token: string; apiUrl: string; resource: ProductResource }) => Promise<T>,
  ): Promise<{ value: T } | null>;
  /** The account's Slack incoming webhook (SlackAlerts.target). */
  slackTarget(accountId: string): Promise<{ webhookUrl: string } | null>;
  /** Posts a JSON body through the SSRF-safe connector. */
  post(url: string, headers: Record<string, string>, body: string): Promise<{ ok: boolean; status: number | null; error: string | null }>;
  /** ScheduleService.scoreNow. */
  scoreNow(accountId: string, productId: string, userId: string): Promise<ScoreNowOutcome>;
  /** The product's name, for a rescore's target. */
  productName(accountId: string, productId: string): Promise<string | null>;
}

/** Why a rescore could not run, in a lead's words. */
const RESCORE_REFUSALS: Record<Exclude<ScoreNowOutcome['outcome'], 'scored'>, string> = {
  quota_exhausted: "The plan's monthly scores are used up.",
  no_credits: 'The credit pool is used up.',
  rate_limited: 'Too many scores in a short time; approve again later.',
  read_only: 'The account is read-only until onboarding is complete.',
  failed: 'The product could not be scored.',
};

export class MoveDispatcher {
  readonly #deps: MoveDispatcherDependencies;

  constructor(deps: MoveDispatcherDependencies) {
    this.#deps = deps;
  }

  /** The kind of a work move for the product, and its target for display. */
  async toolOf(accountId: string, productId: string): Promise<{ kind: MoveKind; target: string }> {
    const team = await this.#deps.productResource(accountId, productId, 'linear');
    if (team) return { kind: 'linear_issue', target: team.resourceName };
    const repository = await this.#deps.productResource(accountId, productId, 'github');
    if (repository) return { kind: 'github_issue', target: repository.resourceName };
    if (await this.#deps.slackTarget(accountId)) return { kind: 'slack_post', target: 'Slack' };
    return { kind: 'rescore', target: (await this.#deps.productName(accountId, productId)) ?? 'the product' };
  }

  /** Throws on a provider's error (to be retried); `retry`: the provider may hold this move's issue already. */
  async dispatch(move: Move, retry: boolean): Promise<DispatchOutcome> {
    const input = { moveId: move.id, title: move.title, body: move.body };
    const issue = (created: { value: CreatedIssue } | null, what: string): DispatchOutcome =>
      created ? { ok: true, ...created.value } : { ok: false, reason: `The product has no ${what} any more.` };
    switch (move.kind) {
      case 'linear_issue':
        return issue(
          await this.#deps.withProductResource(move.accountId, move.productId, 'linear', async ({ token, apiUrl, resource }) =>
            createLinearIssue(await linearClient(apiUrl, token), resource.resourceId, input, retry),
          ),
          'Linear team',
        );
      case 'github_issue':
        return issue(
          await this.#deps.withProductResource(move.accountId, move.productId, 'github', async ({ token, apiUrl, resource }) =>
            createGitHubIssue(await githubClient(apiUrl, token), resource.resourceId, input, retry),
          ),
          'GitHub repository',
        );
      case 'slack_post':
        return this.#postToSlack(move);
      case 'rescore':
        return this.#rescore(move);
    }
  }

  async #postToSlack(move: Move): Promise<DispatchOutcome> {
    const target = await this.#deps.slackTarget(move.accountId);
    if (!target) return { ok: false, reason: 'The account has no Slack address any more.' };
    const steps = firstStepsOf(move.body).map((step) => `• ${step}`);
    const moves = new URL('/app/moves', this.#deps.publicBaseUrl).href;
    const text = [`*${move.title}*`, ...(steps.length > 0 ? ['First steps:', ...steps] : []), `<${moves}|The moves>`].join('\n');
    const posted = await this.#deps.post(target.webhookUrl, { 'content-type': 'application/json' }, JSON.stringify({ text }));
    if (!posted.ok) throw new Error(`Slack answered ${posted.status ?? posted.error}`);
    return { ok: true, link: null, externalId: null };
  }

  async #rescore(move: Move): Promise<DispatchOutcome> {
    // Charged to whoever approved it; an automatic rescore acts as the service itself, as a scheduled one acts for its setter.
    const scored = await this.#deps.scoreNow(move.accountId, move.productId, move.approvedBy ?? 'auto');
    if (scored.outcome !== 'scored' || !scored.resultId)
      return { ok: false, reason: RESCORE_REFUSALS[scored.outcome === 'scored' ? 'failed' : scored.outcome] };
    return { ok: true, link: new URL(`/r/${scored.resultId}`, this.#deps.publicBaseUrl).href, externalId: scored.resultId };
  }
}
