/**
 * Every fixture site, served on 127.0.0.1 and crawled by the real crawler:
 * every finding's evidence is verbatim on the page it cites, and so is every
 * quote the ScoringResult's evidence texts show a reader.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, SITES_DIR, type ServedSite } from '../../../test/fixtures/static-site.ts';
import type { PageArtifact } from './artifacts.ts';
import { createCrawler, DEFAULT_CRAWLER_OPTIONS } from './crawler/crawler.ts';
import { scoreSite } from './engine/score-site.ts';
import { detectSignals } from './signals/detect-signals.ts';
import { siteFacts } from './signals/site-facts.ts';
import { evidenceProblems } from '../../../test/fixtures/test-pages.ts';

const FIXTURES = ['burrowly-seed', 'tallyworks-growing', 'relaymesh-scaleup', 'lumenfield-platform'];
const AS_OF = new Date('2026-11-20T12:00:00Z');
/** `"quote" (url)` items of a DimensionScore.evidence text. */
const QUOTED_ITEM = /"(.+?)" \((https?:\/\/[^\s)]+)\)(?=; |$)/g;

const served = new Map<string, ServedSite>();
beforeAll(async () => {
  for (const name of FIXTURES) served.set(name, await serveSite(join(SITES_DIR, name)));
});
afterAll(async () => {
  await Promise.all([...served.values()].map((site) => site.close()));
});

describe.each(FIXTURES)('%s, crawled', (name) => {
  let pages: PageArtifact[];
  beforeAll(async () => {
    const site = served.get(name)!;
    const crawler = createCrawler({ ...DEFAULT_CRAWLER_OPTIONS, allowlist: [new URL(site.origin).host] });
    pages = (await crawler.crawl(`${site.origin}/`)).pages;
    await crawler.close();
  });

  it('has every finding verbatim on the page it cites', () => {
    const findings = detectSignals(pages);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.flatMap((finding) => evidenceProblems(finding, pages))).toEqual([]);
  });

  it('shows the reader only quotes that stand verbatim on the cited page, or plainly says there was none', () => {
    const result = scoreSite({ findings: detectSignals(pages), facts: siteFacts(pages), asOf: AS_OF });
    const problems: string[] = [];
    let checked = 0;
    for (const dimension of result.dimensions) {
      if (dimension.evidence.startsWith('No public evidence')) {
        if (dimension.score !== 1 || dimension.confidence !== 'low') problems.push(`${dimension.dimensionId}: no evidence but level ${dimension.score}`);
        continue;
      }
      for (const [, quote, url] of dimension.evidence.matchAll(QUOTED_ITEM)) {
        checked++;
        const page = pages.find((p) => p.finalUrl === url);
        if (!page?.mainText.includes(quote!)) problems.push(`${dimension.dimensionId}: "${quote}" is not on ${url}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
