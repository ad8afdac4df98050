/**
 * GET /r/<id>/report.pdf: a stored result as the PDF report
 * (web/report/result-report.ts), public as the result's page is: anyone with
 * the link. Kept by browsers as briefly as the page, since an account's
 * deletion erases its results.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { isUuid } from '../../http/uuid.ts';
import type { ScoringService } from '../../modules/scoring/scoring-service.ts';
import { reportFileName, resultReportPdf } from '../report/result-report.ts';
import { viewerOf } from '../viewer.ts';
import { sendNotFoundPage } from './not-found-page.ts';
import type { PageSettings } from './page-settings.ts';
import { resultPath } from './result-page.ts';

const ReportParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export function registerResultReportPage(app: App, deps: { settings: PageSettings; scoring: ScoringService }): void {
  const { settings } = deps;
  app.get('/r/:id/report.pdf', { config: { auth: 'page' }, schema: { hide: true, params: ReportParams } }, async (request, reply) => {
    const { id } = request.params;
    const result = isUuid(id) ? await deps.scoring.get(id) : null;
    if (!result) return sendNotFoundPage(reply, settings, viewerOf(request), 'result');
    const pdf = await resultReportPdf(result, { pageUrl: new URL(resultPath(result.id), settings.publicBaseUrl).toString() });
    return reply
      .header('cache-control', 'private, max-age=60')
      .header('content-disposition', `inline; filename="${reportFileName(result)}"`)
      .type('application/pdf')
      .send(pdf);
  });
}
