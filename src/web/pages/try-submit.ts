/**
 * POST /try: the score form without JavaScript. The server scores the site
 * while the browser waits, then sends it to the result page; a refusal or a
 * failure comes back as the same page with the problem in plain words.
 * (With JavaScript, the form streams from the API instead and never posts
 * here.) A visitor's score is the anonymous try, a full score under the
 * anonymous cap; a member's is a full score on their plan.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { ApiError } from '../../http/errors.ts';
import type { OnboardingService } from '../../modules/onboarding/onboarding-service.ts';
import { readOnlyError } from '../../modules/onboarding/routes/read-only-gate.ts';
import { runScore, urlScore, type ScoreRouteDeps } from '../../modules/scoring/routes/run-score.ts';
import { csrfToken, hasValidCsrfToken } from '../csrf.ts';
import { sendPage } from '../document.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { usesSecureCookies, type PageSettings } from './page-settings.ts';
import { resultPath } from './result-page.ts';
import { TRY_PATH, tryPage } from './try-page.ts';

const TryForm = Type.Object({
  url: Type.String({ maxLength: 2048 }),
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
});

/** A refusal or failure in plain words, with what to do next. */
function problemNotice(error: ApiError) {
  const next: Record<string, string> = {
    SCORING_RATE_LIMITED: 'Sign up for free to score more sites and keep your results, or try again later.',
    INVALID_URL: 'Enter the full address of a public company site, like https://example.com.',
    INVALID_REQUEST: 'Enter the full address of a public company site, like https://example.com.',
    CRAWL_FAILED: 'Check that the address opens in your browser, then try again in a few minutes.',
    CREDIT_EXHAUSTED: 'Upgrade or buy a score pack to keep going.',
    PLAN_LIMIT_REACHED: 'Upgrade or buy a score pack to keep going.',
    ACCOUNT_READ_ONLY: 'Finish onboarding (the welcome interview and the org map), or choose a paid plan, to score again.',
  };
  const titles: Record<string, string> = {
    SCORING_RATE_LIMITED: 'You have used your free score for now',
    INVALID_URL: 'That address cannot be scored',
    INVALID_REQUEST: 'That address cannot be scored',
    CRAWL_FAILED: 'We could not read that site',
    CREDIT_EXHAUSTED: 'Your plan has no scores left',
    PLAN_LIMIT_REACHED: 'Your plan has no scores left',
    ACCOUNT_READ_ONLY: 'Your account is read-only for now',
  };
  const links =
    error.code === 'SCORING_RATE_LIMITED'
      ? html`<p class="cta"><a class="button button-quiet" href="/sign-up">Sign up free</a> <a class="button button-quiet" href="/pricing">See plans</a></p>`
      : null;
  return html`<div class="notice notice-error" role="alert">
    <h2>${titles[error.code] ?? 'Something went wrong'}</h2>
    <p>${error.message}</p>
    <p>${next[error.code] ?? (error.action || 'Please try again in a minute.')}</p>
    ${links}
  </div>`;
}

export function registerTrySubmit(app: App, deps: { settings: PageSettings; onboarding: OnboardingService } & ScoreRouteDeps): void {
  const { settings } = deps;
  app.post(TRY_PATH, { config: { auth: 'page', idempotent: false }, schema: { hide: true, body: TryForm } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const csrf = csrfToken(request, reply, usesSecureCookies(settings));
    if (!hasValidCsrfToken(request, request.body.csrf)) {
      const expired = new ApiError('INVALID_REQUEST', { message: 'The form expired.', action: 'Submit it again from this page.' });
      return sendPage(reply, settings, tryPage(viewer, csrf, { url: request.body.url, problem: problemNotice(expired) }), 403);
    }
    const principal = request.principal;
    try {
      // The API's read-only gate answers JSON; the page asks the same question and answers in words.
      const readOnly = principal ? await deps.onboarding.writeRefusal(principal, 'refuse') : null;
      if (readOnly) throw readOnlyError(readOnly);
      // A full score either way: a visitor's under the anonymous cap (the try), a member's on their plan.
      const score = { ...urlScore({ url: request.body.url }, 'full'), viaTryEndpoint: !principal };
      const outcome = await runScore(deps, request, reply, principal, score);
      if ('id' in outcome) return reply.redirect(resultPath(outcome.id), 303);
      return outcome;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return sendPage(reply, settings, tryPage(viewer, csrf, { url: request.body.url, problem: problemNotice(error) }), error.status);
    }
  });
}
