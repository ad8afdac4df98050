/**
 * GET /docs: the API reference's index, in the product's own pages (the
 * site's header leads back to the product): what the API is, how to
 * authenticate, the error shapes, and every operation by resource, each
 * linked to its resource's page (api-reference-section-page.ts). Drawn once,
 * on its first request: the OpenAPI document is fixed once the routes are
 * registered.
 */
import type { App } from '../../http/app-types.ts';
import { sendPage } from '../document.ts';
import { html, renderMarkup } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { API_REFERENCE_PATH, ReferenceIndex, type ApiDocument } from './api-reference-view.ts';
import type { PageSettings } from './page-settings.ts';

export function registerApiReferencePage(app: App, deps: { settings: PageSettings; apiDocument: () => ApiDocument }): void {
  const { settings } = deps;
  let drawn: string | null = null;
  app.get(API_REFERENCE_PATH, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    drawn ??= renderMarkup(html`<${ReferenceIndex} document=${deps.apiDocument()} baseUrl=${settings.publicBaseUrl} />`);
    return sendPage(reply, settings, {
      head: {
        title: 'API reference',
        description:
          'Every endpoint of the Maturity Scoring API by resource: scoring, results, the coach, accounts, billing and webhooks; what each takes and answers.',
        path: API_REFERENCE_PATH,
      },
      viewer: viewerOf(request),
      body: html`<div class="api-reference" dangerouslySetInnerHTML=${{ __html: drawn }}></div>`,
    });
  });
}
