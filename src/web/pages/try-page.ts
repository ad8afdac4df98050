/**
 * GET /try: the address box on its own, for a visitor to score a site and
 * watch it happen; `?url=` fills the box (a quick score's way to its full
 * score). A visitor's score here is full, as a member's is: the first
 * impression agrees with the full score's tier.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { csrfToken } from '../csrf.ts';
import { ScoreForm, type ScoreFormProps } from '../components/score-form.ts';
import { sendPage } from '../document.ts';
import { html, type ComponentChildren } from '../view.ts';
import { viewerOf, type Viewer } from '../viewer.ts';
import { usesSecureCookies, type PageSettings } from './page-settings.ts';

export const TRY_PATH = '/try';

const TryPageQuery = Type.Object({ url: Type.Optional(Type.String({ maxLength: 2048 })) });

/** The score form with the address filled: where a quick score sends its reader for the full score. */
export function fullScorePath(url: string): string {
  return `${TRY_PATH}?${new URLSearchParams({ url })}`;
}

/** A visitor tries a full score under the anonymous cap (one per address per hour); a member scores on their plan. */
export function scoreFormTarget(viewer: Viewer): Pick<ScoreFormProps, 'action' | 'endpoint' | 'buttonLabel'> {
  return viewer.signedIn
    ? { action: TRY_PATH, endpoint: '/api/score', buttonLabel: 'Score it' }
    : { action: TRY_PATH, endpoint: '/api/try-score', buttonLabel: 'Score it free' };
}

export interface TryPageContent {
  url?: string;
  /** A refusal or failure of a posted form, shown above the box. */
  problem?: ComponentChildren;
}

export function tryPage(viewer: Viewer, csrf: string, content: TryPageContent = {}) {
  return {
    head: {
      title: 'Score a site',
      description: 'Score a company site on 27 dimensions of product maturity and watch the crawl as it happens.',
      path: TRY_PATH,
    },
    viewer,
    scripts: ['score-progress.js'] as const,
    body: html`
      <h1>Score a site</h1>
      <p>${
        viewer.signedIn
          ? 'A full score reads up to a few dozen pages and uses one score from your plan.'
          : 'Try it free: one full score per hour, no account needed, reading up to a few dozen pages of the site. Sign up to keep the result and get coaching on it.'
      }</p>
      ${content.problem ?? null}
      <${ScoreForm} ...${scoreFormTarget(viewer)} csrf=${csrf} value=${content.url} autofocus=${true} />
    `,
  };
}

export function registerTryPage(app: App, settings: PageSettings): void {
  app.get(TRY_PATH, { config: { auth: 'page' }, schema: { hide: true, querystring: TryPageQuery } }, async (request, reply) => {
    const csrf = csrfToken(request, reply, usesSecureCookies(settings));
    return sendPage(reply, settings, tryPage(viewerOf(request), csrf, { url: request.query.url }));
  });
}
