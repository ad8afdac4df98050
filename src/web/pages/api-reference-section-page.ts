/**
 * GET /docs/<resource>: one resource's operations in full (or the webhooks
 * we send), drawn from the OpenAPI document (api-reference-view.ts), each
 * page drawn once on its first request. `/docs/` (Swagger UI's old address)
 * leads to the index; an unknown resource is the 404 page.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { sendPage } from '../document.ts';
import { html, renderMarkup } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { API_REFERENCE_PATH, ReferenceSectionView, sectionPath, sectionsOf, type ApiDocument } from './api-reference-view.ts';
import { sendNotFoundPage } from './not-found-page.ts';
import type { PageSettings } from './page-settings.ts';

const SectionParams = Type.Object({ section: Type.String({ maxLength: 100 }) });

export function registerApiReferenceSectionPage(app: App, deps: { settings: PageSettings; apiDocument: () => ApiDocument }): void {
  const { settings } = deps;
  const drawn = new Map<string, { title: string; markup: string }>();
  app.get(`${API_REFERENCE_PATH}/:section`, { config: { auth: 'page' }, schema: { hide: true, params: SectionParams } }, async (request, reply) => {
    const { section: slug } = request.params;
    if (slug === '') return reply.redirect(API_REFERENCE_PATH, 301);
    let page = drawn.get(slug);
    if (!page) {
      const document = deps.apiDocument();
      const section = sectionsOf(document).find((candidate) => candidate.slug === slug);
      if (!section) return sendNotFoundPage(reply, settings, viewerOf(request), 'page');
      page = { title: section.title, markup: renderMarkup(html`<${ReferenceSectionView} document=${document} section=${section} />`) };
      drawn.set(slug, page);
    }
    return sendPage(reply, settings, {
      head: {
        title: `${page.title} · API reference`,
        description: `The ${page.title} operations of the Maturity Scoring API: what each takes and answers.`,
        path: sectionPath({ slug }),
      },
      viewer: viewerOf(request),
      body: html`<div class="api-reference" dangerouslySetInnerHTML=${{ __html: page.markup }}></div>`,
    });
  });
}
