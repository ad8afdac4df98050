/** GET /demo: the example results, one line each, for a visitor to see what a score looks like before scoring. */
import type { App } from '../../http/app-types.ts';
import { sendPage } from '../document.ts';
import { MAX_TOTAL_SCORE } from '../result-summary.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { DEMO_INDEX_PATH, demoPath } from './demo-page.ts';
import type { DemoResults } from './demo-catalogue.ts';
import type { PageSettings } from './page-settings.ts';
import { TRY_PATH } from './try-page.ts';

export function registerDemoIndexPage(app: App, deps: { settings: PageSettings; demos: DemoResults }): void {
  const { settings } = deps;
  app.get(DEMO_INDEX_PATH, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const examples = await deps.demos.all();
    return sendPage(reply, settings, {
      head: {
        title: 'Example results',
        description: 'Full maturity scores of three example companies, from a seed-stage start-up to a platform: 27 dimensions each, every level backed by a quote.',
        path: DEMO_INDEX_PATH,
      },
      viewer: viewerOf(request),
      body: html`
        <h1>Example results</h1>
        <p class="lead">Three invented companies at different stages, scored exactly as your site would be: 27 dimensions, each level backed by a sentence quoted from their own pages.</p>
        <ul class="demo-list">
          ${examples.map(
            ({ company, result }) => html`<li class="card demo-item">
              <div>
                <h2><a href=${demoPath(company.slug)}>${company.name}</a></h2>
                <p class="muted">${company.summary}</p>
              </div>
              <p class="demo-score">
                <span class="demo-total">${result.totalScore}<span class="total-out-of"> / ${MAX_TOTAL_SCORE}</span></span>
                <span class="tier">${result.stageName}</span>
              </p>
            </li>`,
          )}
        </ul>
        <p class="cta"><a class="button" href=${TRY_PATH}>Score your own site</a></p>
      `,
    });
  });
}
