/**
 * Pages -> the facts about the site the engine needs besides findings: which
 * pages were read, the company's name, the changelog's dates (release posts'
 * too) and whether any
 * price is published. Read here, beside the detectors, so that the engine
 * never reads a page. Pages are read in canonical order, like the detectors
 * read them, so the facts do not depend on crawl order.
 */
import type { PageArtifact, SiteFacts } from '../artifacts.ts';
import { compareText } from '../compare-text.ts';
import { canonicalPages } from './canonical-order.ts';
import { companyNameFrom } from './company-name.ts';
import { releasePostDate } from './delivery.ts';
import { classifyPage } from './page-kinds.ts';
import { pricesOn } from './pricing.ts';

export function siteFacts(pages: readonly PageArtifact[]): SiteFacts {
  const canonical = canonicalPages(pages);
  const changelogDates = new Set<string>();
  let publishesAPrice = false;
  for (const page of canonical) {
    const kinds = classifyPage(page);
    if (kinds.has('changelog')) for (const date of page.dates) changelogDates.add(date);
    // A release post is a changelog entry published on the blog.
    const postDate = kinds.has('release') ? releasePostDate(page) : null;
    if (postDate) changelogDates.add(postDate);
    if (kinds.has('pricing') && pricesOn(page.mainText).distinct > 0) publishesAPrice = true;
  }
  return {
    pageUrls: canonical.map((page) => page.finalUrl),
    companyName: companyNameFrom(canonical) ?? null,
    changelogDates: [...changelogDates].sort(compareText),
    publishesAPrice,
  };
}
