/**
 * The one order everything is read in, so results never depend on the order
 * the crawler returned pages or the detectors returned findings.
 */
import type { PageArtifact } from '../artifacts.ts';
import { compareText } from '../compare-text.ts';

function isSuccess(page: PageArtifact): boolean {
  return page.status >= 200 && page.status < 300;
}

function isRootPath(url: string): boolean {
  try {
    return new URL(url).pathname === '/';
  } catch {
    return false;
  }
}

/**
 * The pages evidence may come from, in canonical order: successful responses
 * only, the site's root page first, then by URL. Of several requests that
 * ended at one final URL, the one requested at the first address counts.
 */
export function canonicalPages(pages: readonly PageArtifact[]): PageArtifact[] {
  const byUrl = new Map<string, PageArtifact>();
  for (const page of pages) {
    if (!isSuccess(page)) continue;
    const kept = byUrl.get(page.finalUrl);
    if (!kept || compareText(page.requestedUrl, kept.requestedUrl) < 0) byUrl.set(page.finalUrl, page);
  }
  return [...byUrl.values()].sort((a, b) => {
    const rootOrder = Number(isRootPath(b.finalUrl)) - Number(isRootPath(a.finalUrl));
    return rootOrder || compareText(a.finalUrl, b.finalUrl);
  });
}
