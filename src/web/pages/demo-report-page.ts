/** GET /demo/<slug>/report.pdf: an example company's result as the PDF report, like a real result's. */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { reportFileName, resultReportPdf } from '../report/result-report.ts';
import { viewerOf } from '../viewer.ts';
import { demoCompany, type DemoResults } from './demo-catalogue.ts';
import { DEMO_INDEX_PATH, demoPath } from './demo-page.ts';
import { sendNotFoundPage } from './not-found-page.ts';
import type { PageSettings } from './page-settings.ts';

const DemoReportParams = Type.Object({ slug: Type.String({ maxLength: 100 }) });

export function registerDemoReportPage(app: App, deps: { settings: PageSettings; demos: DemoResults }): void {
  const { settings } = deps;
  app.get(`${DEMO_INDEX_PATH}/:slug/report.pdf`, { config: { auth: 'page' }, schema: { hide: true, params: DemoReportParams } }, async (request, reply) => {
    const company = demoCompany(request.params.slug);
    if (!company) return sendNotFoundPage(reply, settings, viewerOf(request), 'example');
    const result = await deps.demos.resultOf(company);
    const pdf = await resultReportPdf(result, {
      pageUrl: new URL(demoPath(company.slug), settings.publicBaseUrl).toString(),
      banner: 'Example result of an invented company',
    });
    return reply
      .header('cache-control', 'public, max-age=3600')
      .header('content-disposition', `inline; filename="${reportFileName(result)}"`)
      .type('application/pdf')
      .send(pdf);
  });
}
