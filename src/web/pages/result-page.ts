/**
 * GET /r/<id>: a result as a page anyone with the link can read, the centre
 * of the product. What it invites the reader to do depends on who is
 * looking: a visitor is asked to sign up (or score their own site), a member
 * to rescore.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { isUuid } from '../../http/uuid.ts';
import type { ScoringResult } from '../../modules/scoring/result-schema.ts';
import type { ScoringService } from '../../modules/scoring/scoring-service.ts';
import { csrfToken } from '../csrf.ts';
import { ResultView } from '../components/result-view.ts';
import { sendPage } from '../document.ts';
import { companyLabel, MAX_TOTAL_SCORE, scoredOn } from '../result-summary.ts';
import { html } from '../view.ts';
import { viewerOf, type Viewer } from '../viewer.ts';
import { sendNotFoundPage } from './not-found-page.ts';
import { usesSecureCookies, type PageSettings } from './page-settings.ts';
import { TRY_PATH } from './try-page.ts';

const ResultPageParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** An account's deletion erases its results at once: browsers may keep the page briefly, shared caches not at all. */
const RESULT_PAGE_CACHE_CONTROL = 'private, max-age=60';

export function resultPath(id: string): string {
  return `/r/${id}`;
}

function Calls({ result, viewer, csrf }: { result: ScoringResult; viewer: Viewer; csrf: string }) {
  if (!viewer.signedIn) {
    return html`
      <a class="button" href="/sign-up">Sign up to keep it and get coaching</a>
      <a class="button button-quiet" href=${TRY_PATH}>Score your own site</a>
    `;
  }
  return html`
    <form method="post" action=${TRY_PATH}>
      <input type="hidden" name="csrf" value=${csrf} />
      <input type="hidden" name="url" value=${result.url} />
      <button class="button" type="submit">Rescore this site</button>
    </form>
    <a class="button button-quiet" href=${TRY_PATH}>Score another site</a>
  `;
}

export function registerResultPage(app: App, deps: { settings: PageSettings; scoring: ScoringService }): void {
  const { settings } = deps;
  app.get('/r/:id', { config: { auth: 'page' }, schema: { hide: true, params: ResultPageParams } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const { id } = request.params;
    // A malformed id names no result: the same 404 page, without asking the database.
    const result = isUuid(id) ? await deps.scoring.get(id) : null;
    if (!result) return sendNotFoundPage(reply, settings, viewer, 'result');
    const csrf = viewer.signedIn ? csrfToken(request, reply, usesSecureCookies(settings)) : '';
    const company = companyLabel(result);
    reply.header('cache-control', RESULT_PAGE_CACHE_CONTROL);
    return sendPage(reply, settings, {
      head: {
        title: `${company}: ${result.totalScore} of ${MAX_TOTAL_SCORE}, ${result.stageName}`,
        description: `${company}'s product maturity, scored on ${scoredOn(result)}: ${result.totalScore} of ${MAX_TOTAL_SCORE} (${result.stageName}) across 27 dimensions, each with the evidence quoted from its site.`,
        path: resultPath(result.id),
        socialImage: new URL(`/api/og?id=${result.id}`, settings.publicBaseUrl).toString(),
      },
      viewer,
      body: html`<${ResultView} result=${result} calls=${html`<${Calls} result=${result} viewer=${viewer} csrf=${csrf} />`} />`,
    });
  });
}
