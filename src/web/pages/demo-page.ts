/**
 * GET /demo/<slug>: an example company's whole result, in the same view as a
 * real one, under a banner that says it is an example. Its calls to action
 * invite the reader to score their own site.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { ResultView } from '../components/result-view.ts';
import { sendPage } from '../document.ts';
import { reportFileName } from '../report/result-report.ts';
import { MAX_TOTAL_SCORE } from '../result-summary.ts';
import { html } from '../view.ts';
import { viewerOf, type Viewer } from '../viewer.ts';
import { demoCompany, type DemoResults } from './demo-catalogue.ts';
import { sendNotFoundPage } from './not-found-page.ts';
import type { PageSettings } from './page-settings.ts';
import { comparePath } from './compare-view.ts';
import { TRY_PATH } from './try-page.ts';

export const DEMO_INDEX_PATH = '/demo';

export function demoPath(slug: string): string {
  return `${DEMO_INDEX_PATH}/${slug}`;
}

const DemoPageParams = Type.Object({ slug: Type.String({ maxLength: 100 }) });

function Calls({ viewer, resultId }: { viewer: Viewer; resultId: string }) {
  return html`
    <a class="button" href=${TRY_PATH}>Score your own site</a>
    ${viewer.signedIn ? null : html`<a class="button button-quiet" href="/sign-up">Sign up free</a>`}
    <a class="button button-quiet" href=${DEMO_INDEX_PATH}>Other examples</a>
    <a class="button button-quiet" href=${comparePath(resultId)}>Compare with another result</a>
  `;
}

export function registerDemoPage(app: App, deps: { settings: PageSettings; demos: DemoResults }): void {
  const { settings } = deps;
  app.get(`${DEMO_INDEX_PATH}/:slug`, { config: { auth: 'page' }, schema: { hide: true, params: DemoPageParams } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const company = demoCompany(request.params.slug);
    if (!company) return sendNotFoundPage(reply, settings, viewer, 'example');
    const result = await deps.demos.resultOf(company);
    return sendPage(reply, settings, {
      head: {
        title: `Example: ${company.name}, ${result.totalScore} of ${MAX_TOTAL_SCORE}`,
        description: `An example result: ${company.name}, an invented company, scored on 27 dimensions of product maturity (${result.totalScore} of ${MAX_TOTAL_SCORE}, ${result.stageName}).`,
        path: demoPath(company.slug),
      },
      viewer,
      body: html`
        <aside class="notice demo-banner" aria-label="About this example">
          <strong>Example result.</strong> ${company.name} is an invented company; its site ships with this service and is scored by the same engine as yours. <a href=${TRY_PATH}>Score your own site</a>.
        </aside>
        <${ResultView}
          result=${result}
          share=${{
            url: new URL(demoPath(company.slug), settings.publicBaseUrl).toString(),
            pdfPath: `${demoPath(company.slug)}/report.pdf`,
            pdfName: reportFileName(result),
            audience: 'This example is public: anyone with the link can see it. The PDF report holds the same, as your own result would.',
          }}
          calls=${html`<${Calls} viewer=${viewer} resultId=${result.id} />`}
        />
      `,
      scripts: ['result.js'],
    });
  });
}
