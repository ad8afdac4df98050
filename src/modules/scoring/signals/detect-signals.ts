/**
 * Pages -> findings: every detector family (detector-catalogue.ts lists them)
 * over the same pages, in one canonical order, so the same pages always give
 * the same findings however the crawler happened to return them. The facts
 * the engine needs besides findings are read from the same pages by
 * site-facts.ts.
 */
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import type { Finding, PageArtifact } from '../artifacts.ts';
import { compareText } from '../compare-text.ts';
import { canonicalPages } from './canonical-order.ts';
import type { PageContext } from './detection-rules.ts';
import { DETECTOR_FAMILIES, TRIGGER_VOCABULARY } from './detector-catalogue.ts';
import { pageAnatomies } from './page-anatomy.ts';
import { classifyPage } from './page-kinds.ts';
import { siteIdentity } from './site-identity.ts';
import { PageTextIndex } from './text-index.ts';

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
    const text = new PageTextIndex(page.mainText, TRIGGER_VOCABULARY, (line) => lineScopes[line]?.kind !== 'none');
    return { page, site, kinds: kinds.get(page)!, text, lineScopes, contentLinks };
  });
  const pageOrder = new Map(contexts.map((context, index) => [context.page.finalUrl, index]));
  const all = DETECTOR_FAMILIES.flatMap((family) => family.detect(contexts));
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
