/**
 * The public web product's pages, registered together: the home page and
 * the score form, results and their reports, examples, comparison, pricing,
 * the API reference and the unsubscribe page. The signed-in app's pages are
 * registered by their areas under web/app/; the form posts by app.ts, in the
 * one scope that parses form bodies.
 */
import type { App } from '../../http/app-types.ts';
import type { BillingService } from '../../modules/billing/billing-service.ts';
import { registerAssets } from '../assets.ts';
import type { PageSettings } from './page-settings.ts';
import { registerApiReferencePage } from './api-reference-page.ts';
import { registerApiReferenceSectionPage } from './api-reference-section-page.ts';
import { inlineReferences } from '../../http/api-document-shape.ts';
import type { ApiDocument } from './api-reference-view.ts';
import { registerComparePage } from './compare-page.ts';
import { DemoResults } from './demo-catalogue.ts';
import { registerDemoIndexPage } from './demo-index-page.ts';
import { registerDemoPage } from './demo-page.ts';
import { registerDemoReportPage } from './demo-report-page.ts';
import { registerHomePage } from './home-page.ts';
import { registerPricingCompletePage } from './pricing-complete-page.ts';
import { registerPricingPage } from './pricing-page.ts';
import { registerResultPage, type ResultPageDeps } from './result-page.ts';
import { registerResultReportPage } from './result-report-page.ts';
import { registerTryPage } from './try-page.ts';
import { registerUnsubscribePage, type UnsubscribePageDeps } from './unsubscribe-page.ts';

export interface PublicPageDeps extends ResultPageDeps, UnsubscribePageDeps {
  settings: PageSettings;
  billing: BillingService;
  /** The OpenAPI document the API routes generated: the reference pages read it. */
  apiDocument: () => ApiDocument;
}

export function registerPublicPages(app: App, deps: PublicPageDeps): void {
  const { settings, scoring, billing } = deps;
  // The document refers to its shared schemas, headers and parameters; the reference pages show them in place.
  let readable: { from: ApiDocument; document: ApiDocument } | null = null;
  const apiDocument = () => {
    const current = deps.apiDocument();
    if (readable?.from !== current) readable = { from: current, document: inlineReferences(current) };
    return readable.document;
  };
  registerAssets(app);
  registerHomePage(app, settings);
  registerApiReferencePage(app, { settings, apiDocument });
  registerApiReferenceSectionPage(app, { settings, apiDocument });
  registerTryPage(app, settings);
  registerResultPage(app, deps);
  registerResultReportPage(app, { settings, scoring });
  registerPricingPage(app, { settings, billing });
  registerPricingCompletePage(app, { settings, billing });
  const demos = new DemoResults();
  registerDemoIndexPage(app, { settings, demos });
  registerDemoPage(app, { settings, demos });
  registerDemoReportPage(app, { settings, demos });
  registerComparePage(app, { settings, scoring, demos });
  registerUnsubscribePage(app, deps);
}
