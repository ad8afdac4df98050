/**
 * Pages -> findings: every detector family over the same pages, in one
 * canonical order, so the same pages always give the same findings however
 * the crawler happened to return them. Each family's file is named after the
 * signal-id prefix it emits (tech.ts emits tech.*), as its signals are
 * declared in src/framework/signal-types.ts. The facts the engine needs
 * besides findings are read from the same pages by site-facts.ts.
 */
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import type { Finding, PageArtifact } from '../artifacts.ts';
import { detectAdoptionSignals } from './adoption.ts';
import { detectAiSignals } from './ai.ts';
import { detectAnalyticsSignals } from './analytics.ts';
import { detectArchSignals } from './arch.ts';
import { detectBuildSignals } from './build.ts';
import { compareText } from '../compare-text.ts';
import { canonicalPages } from './canonical-order.ts';
import { detectCareersSignals } from './careers.ts';
import { detectChangelogSignals } from './changelog.ts';
import { detectCompareSignals } from './compare.ts';
import { detectCustomersSignals } from './customers.ts';
import { detectDataSignals } from './data.ts';
import { detectDecisionSignals } from './decision.ts';
import { detectDeliverySignals } from './delivery.ts';
import { detectDesignSignals } from './design.ts';
import type { PageContext, SignalDetector } from './detection-rules.ts';
import { detectDevexSignals } from './devex.ts';
import { detectDocsSignals } from './docs.ts';
import { detectFeedbackSignals } from './feedback.ts';
import { detectLaunchSignals } from './launch.ts';
import { detectMarketSignals } from './market.ts';
import { pageAnatomies } from './page-anatomy.ts';
import { classifyPage } from './page-kinds.ts';
import { siteIdentity } from './site-identity.ts';
import { detectPositioningSignals } from './positioning.ts';
import { detectPricingSignals } from './pricing.ts';
import { detectProcessSignals } from './process.ts';
import { detectPrototypeSignals } from './prototype.ts';
import { detectQualitySignals } from './quality.ts';
import { detectResearchSignals } from './research.ts';
import { detectRoadmapSignals } from './roadmap.ts';
import { detectSecuritySignals } from './security.ts';
import { detectSupportSignals } from './support.ts';
import { detectTechSignals } from './tech.ts';
import { PageTextIndex } from './text-index.ts';
import { detectUxSignals } from './ux.ts';

/** In the framework's dimension order, for the reader: the findings are sorted below, so the order changes nothing. */
const DETECTORS: readonly SignalDetector[] = [
  detectMarketSignals,
  detectDecisionSignals,
  detectRoadmapSignals,
  detectCompareSignals,
  detectResearchSignals,
  detectPrototypeSignals,
  detectUxSignals,
  detectDesignSignals,
  detectArchSignals,
  detectDocsSignals,
  detectBuildSignals,
  detectChangelogSignals,
  detectDeliverySignals,
  detectDevexSignals,
  detectCustomersSignals,
  detectTechSignals,
  detectAnalyticsSignals,
  detectDataSignals,
  detectFeedbackSignals,
  detectQualitySignals,
  detectCareersSignals,
  detectProcessSignals,
  detectAiSignals,
  detectSecuritySignals,
  detectPositioningSignals,
  detectLaunchSignals,
  detectAdoptionSignals,
  detectPricingSignals,
  detectSupportSignals,
];

/** Key under which two findings are the same evidence (a tool on every page, a repeated banner). */
function evidenceKey(finding: Finding): string {
  const source = finding.evidence.kind === 'observation' ? finding.evidence.source : 'quote';
  return `${finding.signal}\u0000${source}\u0000${finding.evidence.text}`;
}

const dimensionOrder = new Map<string, number>(DIMENSION_IDS.map((id, index) => [id, index]));

export function detectSignals(pages: readonly PageArtifact[]): Finding[] {
  const canonical = canonicalPages(pages);
  const kinds = new Map(canonical.map((page) => [page, classifyPage(page)]));
  const anatomies = pageAnatomies(canonical, (page) => kinds.get(page)!);
  const site = siteIdentity(canonical);
  const contexts: PageContext[] = canonical.map((page) => {
    const { lineScopes, contentLinks } = anatomies.get(page)!;
    const text = new PageTextIndex(page.mainText, (line) => lineScopes[line]?.kind !== 'none');
    return { page, site, kinds: kinds.get(page)!, text, lineScopes, contentLinks };
  });
  const pageOrder = new Map(contexts.map((context, index) => [context.page.finalUrl, index]));
  const all = DETECTORS.flatMap((detect) => detect(contexts));
  all.sort(
    (a, b) =>
      pageOrder.get(a.url)! - pageOrder.get(b.url)! ||
      dimensionOrder.get(a.dimensionId)! - dimensionOrder.get(b.dimensionId)! ||
      compareText(a.signal, b.signal) ||
      compareText(evidenceKey(a), evidenceKey(b)) ||
      b.strength - a.strength,
  );
  const seen = new Set<string>();
  return all.filter((finding) => {
    const key = evidenceKey(finding);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
