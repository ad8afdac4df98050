/**
 * GET /r/<id>: a result as a page anyone with the link can read, the centre
 * of the product. What it invites the reader to do depends on who is
 * looking: a visitor is asked to sign up (or score their own site), a member
 * to rescore. A member may also say, beside each dimension, that it is
 * wrong (feedback, issue 15 part 3); a visitor is invited to sign in for it.
 * When the result was placed in a segment with enough peers, it says where
 * the company stands among them (issue 15 part 2).
 */
import { Type } from 'typebox';
import type { DimensionId } from '../../framework/dimensions.ts';
import type { App, Principal } from '../../http/app-types.ts';
import { matchesEntityTag } from '../../http/entity-tag.ts';
import { isUuid } from '../../http/uuid.ts';
import type { BenchmarkService } from '../../modules/benchmarks/benchmark-service.ts';
import type { FeedbackService } from '../../modules/feedback/feedback-service.ts';
import { quickScoreLabelOf } from '../../modules/scoring/result-depth.ts';
import type { DimensionScore, ScoringResult } from '../../modules/scoring/result-schema.ts';
import type { ScoringService } from '../../modules/scoring/scoring-service.ts';
import type { SharedResultCache } from '../../modules/scoring/shared-result-cache.ts';
import { APP_PATHS } from '../app/app-layout.ts';
import { csrfToken } from '../csrf.ts';
import { ScoreVerdictSection, SignInToGiveVerdict, VerdictDisclosure, type SavedVerdicts } from '../components/feedback-controls.ts';
import { PeerLine, PeerMedian, peerComparisonOf, type PeerComparison } from '../components/peer-comparison.ts';
import { ResultView } from '../components/result-view.ts';
import { pageDocument } from '../document.ts';
import { reportFileName } from '../report/result-report.ts';
import { companyLabel, MAX_TOTAL_SCORE, scoredOn } from '../result-summary.ts';
import { html } from '../view.ts';
import { viewerOf, type Viewer } from '../viewer.ts';
import { EvidenceKindsSection } from '../components/evidence-kinds.ts';
import { sendNotFoundPage } from './not-found-page.ts';
import { usesSecureCookies, type PageSettings } from './page-settings.ts';
import { comparePath } from './compare-view.ts';
import { TRY_PATH } from './try-page.ts';

const ResultPageParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** An account's deletion erases its results at once: browsers may keep the page briefly, shared caches not at all. */
const RESULT_PAGE_CACHE_CONTROL = 'private, max-age=60';
/** A member's copy holds their own verdicts and changes when they give one: never kept, not even by their browser. */
const MEMBER_RESULT_PAGE_CACHE_CONTROL = 'private, no-store';
/** Enough for every member's verdicts on one result in any realistic team (28 each at most). */
const ACCOUNT_FEEDBACK_PER_RESULT_LIMIT = 1000;

export function resultPath(id: string): string {
  return `/r/${id}`;
}

function Calls({ result, viewer, csrf, owner }: { result: ScoringResult; viewer: Viewer; csrf: string; owner: boolean }) {
  if (!viewer.signedIn) {
    return html`
      <a class="button" href="/sign-up">Sign up to keep it and get coaching</a>
      <a class="button button-quiet" href=${TRY_PATH}>Score your own site</a>
      <a class="button button-quiet" href=${comparePath(result.id)}>Compare with another result</a>
    `;
  }
  return html`
    <form method="post" action=${TRY_PATH}>
      <input type="hidden" name="csrf" value=${csrf} />
      <input type="hidden" name="url" value=${result.url} />
      <button class="button" type="submit">Rescore this site</button>
    </form>
    ${owner ? html`<a class="button button-quiet" href=${`${APP_PATHS.coach}?${new URLSearchParams({ result: result.id })}`}>Ask the coach about it</a>` : null}
    <a class="button button-quiet" href=${TRY_PATH}>Score another site</a>
    <a class="button button-quiet" href=${comparePath(result.id)}>Compare with another result</a>
  `;
}

export interface ResultPageDeps {
  settings: PageSettings;
  scoring: ScoringService;
  benchmarks: BenchmarkService;
  feedback: FeedbackService;
  /**
   * The page as every visitor is shown it, kept per result: what it shows
   * changes only with the peer comparison and with the account publishing
   * or withdrawing its tools and team evidence, so a kept page is sent for
   * at most the cache's time to live (SHARED_RESULT_TTL_MS) after either; an erasure evicts it at once in this instance.
   */
  visitorPages: SharedResultCache;
}

/**
 * The member's own verdicts on this result: the account's feedback on it,
 * narrowed to the member (each member's verdict is their own). An account's
 * feedback on one result is at most 28 per member, so the list's bound is
 * only reached by a team of dozens who all answered every dimension.
 */
async function savedVerdicts(feedback: FeedbackService, principal: Principal, resultId: string): Promise<SavedVerdicts> {
  const given = await feedback.list(principal.accountId, { resultId, limit: ACCOUNT_FEEDBACK_PER_RESULT_LIMIT });
  return new Map(
    given
      .filter((entry) => entry.userId === principal.userId)
      .map((entry) => [entry.dimensionId as DimensionId | null, { verdict: entry.verdict, comment: entry.comment }]),
  );
}

type ResultExtras = {
  peers: PeerComparison | null;
  owner: boolean;
  verdicts: SavedVerdicts | null;
  evidence: Awaited<ReturnType<ScoringService['evidenceView']>>;
};

/** What the page adds for who is looking: the peer comparison, whether they own the result, their verdicts (members only), the tools and team evidence. */
async function resultExtras(deps: ResultPageDeps, resultId: string, principal: Principal | null): Promise<ResultExtras> {
  const [peers, verdicts, evidence] = await Promise.all([
    peerComparisonOf(deps.benchmarks, resultId, principal?.accountId ?? null),
    principal ? savedVerdicts(deps.feedback, principal, resultId) : null,
    // The tools and team evidence (issue 27): the account's own, or what it published; a visitor sees only the latter.
    deps.scoring.evidenceView(resultId, principal?.accountId ?? null),
  ]);
  // changeOf is null unless the account holds the result.
  const owner = principal !== null && (await deps.scoring.changeOf(principal.accountId, resultId)) !== null;
  return { peers, owner, verdicts, evidence };
}

/** The page's document for this viewer, from the result and what the viewer adds (csrf is empty for a visitor). */
function resultDocument(settings: PageSettings, result: ScoringResult, viewer: Viewer, csrf: string, extras: ResultExtras): string {
  const { evidence } = extras;
  const company = companyLabel(result);
  const path = resultPath(result.id);
  // A shared link's preview says a quick score is one, as the page and its image do.
  const quick = quickScoreLabelOf(result);
  return pageDocument(settings, {
    head: {
      title: `${company}: ${result.totalScore} of ${MAX_TOTAL_SCORE}, ${result.stageName}${quick ? ' (quick score)' : ''}`,
      description: `${company}'s product maturity, scored on ${scoredOn(result)}: ${result.totalScore} of ${MAX_TOTAL_SCORE} (${result.stageName}) across 27 dimensions, each with the evidence quoted from its site.${quick ? ` ${quick}: not the full score.` : ''}`,
      path,
      socialImage: new URL(`/api/og?id=${result.id}`, settings.publicBaseUrl).toString(),
    },
    viewer,
    body: html`<${ResultView}
      result=${result}
      share=${{
        url: new URL(path, settings.publicBaseUrl).toString(),
        pdfPath: `${path}/report.pdf`,
        pdfName: reportFileName(result),
        audience:
          'Anyone with this link can see this result, without signing in: send it to whoever should read it. The PDF report holds the same, to forward or print.',
      }}
      calls=${html`<${Calls} result=${result} viewer=${viewer} csrf=${csrf} owner=${extras.owner} />`}
      standing=${html`<${PeerLine} comparison=${extras.peers} owner=${extras.owner} />`}
      beneathGlance=${evidence ? html`<${EvidenceKindsSection} evidence=${evidence.view} own=${evidence.own} published=${evidence.publishedAt !== null} />` : null}
      levelAside=${extras.peers?.available ? (score: DimensionScore) => html`<${PeerMedian} comparison=${extras.peers} dimensionId=${score.dimensionId} />` : undefined}
      scoreFeedback=${
        extras.verdicts ? html`<${ScoreVerdictSection} resultId=${result.id} saved=${extras.verdicts} />` : html`<${SignInToGiveVerdict} pagePath=${path} />`
      }
      feedback=${
        extras.verdicts
          ? (score: DimensionScore) =>
              html`<${VerdictDisclosure} resultId=${result.id} dimension=${{ id: score.dimensionId, name: score.dimensionName }} saved=${extras.verdicts!.get(score.dimensionId)} />`
          : undefined
      }
    />`,
    scripts: extras.verdicts ? ['result.js', 'feedback.js'] : ['result.js'],
  });
}

export function registerResultPage(app: App, deps: ResultPageDeps): void {
  const { settings } = deps;
  app.get('/r/:id', { config: { auth: 'page' }, schema: { hide: true, params: ResultPageParams } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const { id } = request.params;
    // A malformed id names no result: the same 404 page, without asking the database.
    if (!isUuid(id)) return sendNotFoundPage(reply, settings, viewer, 'result');
    // The same address answers a visitor and a member differently: a browser must not reuse one for the other.
    reply.header('vary', 'Cookie');
    if (!request.principal) {
      // Every visitor is shown the same page: rendered once and sent as kept, with its entity tag (issue 29, item 3).
      const page = await deps.visitorPages.read(id, async () => {
        const stored = await deps.scoring.segmentedResult(id);
        if (!stored) return null;
        return { accountId: stored.accountId, body: resultDocument(settings, stored.result, viewer, '', await resultExtras(deps, id, null)) };
      });
      if (!page) return sendNotFoundPage(reply, settings, viewer, 'result');
      reply.header('cache-control', RESULT_PAGE_CACHE_CONTROL).header('etag', page.etag);
      if (matchesEntityTag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.code(200).type('text/html; charset=utf-8').send(page.body);
    }
    const result = await deps.scoring.get(id);
    if (!result) return sendNotFoundPage(reply, settings, viewer, 'result');
    const csrf = csrfToken(request, reply, usesSecureCookies(settings));
    const extras = await resultExtras(deps, result.id, request.principal);
    reply.header('cache-control', MEMBER_RESULT_PAGE_CACHE_CONTROL);
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .send(resultDocument(settings, result, viewer, csrf, extras));
  });
}
