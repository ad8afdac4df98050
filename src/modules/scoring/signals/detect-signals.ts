/**
 * Pages -> findings: every detector family over the same pages, in one
 * canonical order, so the same pages always give the same findings however
 * the crawler happened to return them.
 */
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import type { Finding, PageArtifact } from '../artifacts.ts';
import { canonicalPages, compareText } from './canonical-order.ts';
import { detectAdoptionSignals } from './adoption.ts';
import { detectAiEconomicsSignals } from './ai-economics.ts';
import { detectArchitectureSignals } from './architecture.ts';
import { detectBuildVsBuySignals } from './build-vs-buy.ts';
import { detectCareersSignals } from './careers.ts';
import { detectChangelogSignals } from './changelog-cadence.ts';
import { detectComparisonSignals } from './comparison.ts';
import { detectCustomerEvidence } from './customer-evidence.ts';
import { detectCustomerSuccessSignals } from './customer-success.ts';
import { detectDataFlywheelSignals } from './data-flywheel.ts';
import { detectDecisionSignals } from './decision-writing.ts';
import type { PageContext, SignalDetector } from './detection-rules.ts';
import { detectDesignSystemSignals } from './design-system.ts';
import { detectDeveloperEcosystemSignals } from './developer-ecosystem.ts';
import { detectDocumentationSignals } from './documentation.ts';
import { detectExperienceSignals } from './experience.ts';
import { detectExperimentationSignals } from './experimentation.ts';
import { detectFeedbackLoopSignals } from './feedback-loop.ts';
import { detectLaunchSignals } from './launch.ts';
import { detectMarketResearchSignals } from './market-research.ts';
import { pageAnatomies } from './page-anatomy.ts';
import { classifyPage } from './page-kinds.ts';
import { detectPositioningSignals } from './positioning.ts';
import { detectPricingSignals } from './pricing.ts';
import { detectProcessSignals } from './process.ts';
import { detectPrototypingSignals } from './prototyping.ts';
import { detectRoadmapSignals } from './roadmap.ts';
import { detectSecuritySignals } from './security-compliance.ts';
import { detectTechnologyFingerprints } from './technology-fingerprints.ts';
import { PageTextIndex } from './text-index.ts';
import { detectUserResearchSignals } from './user-research.ts';

const DETECTORS: readonly SignalDetector[] = [
  detectMarketResearchSignals,
  detectDecisionSignals,
  detectRoadmapSignals,
  detectComparisonSignals,
  detectUserResearchSignals,
  detectPrototypingSignals,
  detectExperienceSignals,
  detectDesignSystemSignals,
  detectArchitectureSignals,
  detectDocumentationSignals,
  detectBuildVsBuySignals,
  detectChangelogSignals,
  detectDeveloperEcosystemSignals,
  detectCustomerEvidence,
  detectTechnologyFingerprints,
  detectDataFlywheelSignals,
  detectFeedbackLoopSignals,
  detectExperimentationSignals,
  detectCareersSignals,
  detectProcessSignals,
  detectAiEconomicsSignals,
  detectSecuritySignals,
  detectPositioningSignals,
  detectLaunchSignals,
  detectAdoptionSignals,
  detectPricingSignals,
  detectCustomerSuccessSignals,
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
  const contexts: PageContext[] = canonical.map((page) => {
    const { lineScopes, contentLinks } = anatomies.get(page)!;
    const text = new PageTextIndex(page.mainText, (line) => lineScopes[line]?.kind !== 'none');
    return { page, kinds: kinds.get(page)!, text, lineScopes, contentLinks };
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
