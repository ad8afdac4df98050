/**
 * The four fixture company sites, read from disk, through the whole pure
 * pipeline: extract every page, detect, score. They are built to be of
 * clearly different maturity; these tests hold the engine to that.
 */
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSitePages, SITES_DIR } from '../../../../test/fixtures/static-site.ts';
import { DIMENSIONS, DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { FUNCTIONS, type ProductFunction } from '../../../framework/functions.ts';
import { stageForLevel, tierForTotal } from '../../../framework/tiers.ts';
import type { Finding, PageArtifact } from '../artifacts.ts';
import { extractPage } from '../extract/extract-page.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import { detectSignals } from '../signals/detect-signals.ts';
import { siteFacts } from '../signals/site-facts.ts';
import { evidenceProblems } from '../../../../test/fixtures/test-pages.ts';
import { scoreSite, type EngineResult } from './score-site.ts';
import { toScoringResult } from './scoring-result.ts';

/** The fixtures' crawl date: their changelogs run up to mid-November 2026. */
const AS_OF = new Date('2026-11-20T00:00:00Z');

/** Least mature first. */
const FIXTURES = [
  { site: 'burrowly-seed', company: 'Burrowly' },
  { site: 'tallyworks-growing', company: 'Tallyworks' },
  { site: 'relaymesh-scaleup', company: 'Relaymesh' },
  { site: 'lumenfield-platform', company: 'Lumenfield' },
] as const;

interface Scored {
  pages: PageArtifact[];
  findings: Finding[];
  result: EngineResult;
}

const scored = new Map<string, Scored>();

async function loadPages(site: string): Promise<PageArtifact[]> {
  return (await readSitePages(join(SITES_DIR, site))).map(extractPage);
}

function functionSums(result: EngineResult): Record<ProductFunction, number> {
  const sums = Object.fromEntries(FUNCTIONS.map((fn) => [fn, 0])) as Record<ProductFunction, number>;
  for (const d of result.dimensions) sums[DIMENSIONS.find((x) => x.id === d.dimensionId)!.function] += d.score;
  return sums;
}

/** A deterministic shuffle (seeded linear congruential generator). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

beforeAll(async () => {
  for (const { site } of FIXTURES) {
    const pages = await loadPages(site);
    const findings = detectSignals(pages);
    scored.set(site, { pages, findings, result: scoreSite({ findings, facts: siteFacts(pages), asOf: AS_OF }) });
  }
});

describe.each(FIXTURES)('fixture $site', ({ site, company }) => {
  it('has several pages, and every finding cites verbatim evidence from its page', () => {
    const { pages, findings } = scored.get(site)!;
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(findings.flatMap((finding) => evidenceProblems(finding, pages))).toEqual([]);
  });

  it('gives a ScoringResult that matches spec part 2', () => {
    const { result } = scored.get(site)!;
    const scoringResult = toScoringResult(result, {
      id: '3f1c7a52-8d4e-4b7a-9c1e-2a6b5d8e9f01',
      url: 'http://fixture.local/',
      createdAt: '2026-11-20T09:30:00.000Z',
      depth: 'full',
      crawledPages: scored.get(site)!.pages.map((p) => p.finalUrl),
      crawlStats: { pagesAnalyzed: scored.get(site)!.pages.length, contentLength: 1234 },
      productId: null,
    });
    expect([...Value.Errors(ScoringResultSchema, scoringResult)]).toEqual([]);
    expect(Value.Check(ScoringResultSchema, scoringResult)).toBe(true);
    expect(scoringResult.companyName).toBe(company);

    const ids = result.dimensions.map((d) => d.dimensionId);
    expect(ids).toEqual([...DIMENSION_IDS]);
    expect(new Set(ids).size).toBe(27);
    for (const d of result.dimensions) {
      expect(Number.isInteger(d.score) && d.score >= 1 && d.score <= 4).toBe(true);
      expect(d.stageName).toBe(stageForLevel(d.score));
    }
    expect(result.totalScore).toBe(result.dimensions.reduce((sum, d) => sum + d.score, 0));
    expect(result.stageName).toBe(tierForTotal(result.totalScore));
  });

  it("quotes, in every dimension's evidence, only text found on the page it names", () => {
    const { pages, result } = scored.get(site)!;
    for (const d of result.dimensions) {
      const grounding = result.grounding[d.dimensionId];
      if (grounding.findings.length === 0) {
        expect(d.evidence).toBe(`No public evidence for ${d.dimensionName} was found on the crawled pages.`);
        continue;
      }
      for (const [, quote, url] of d.evidence.matchAll(/"(.+?)" \((http[^)\s]+)\)(?:; |$)/g)) {
        expect(pages.find((p) => p.finalUrl === url)!.mainText, `${d.dimensionId} quotes ${url}`).toContain(quote);
      }
      expect(d.evidence.length).toBeLessThanOrEqual(800);
    }
  });

  it('writes every reasoning for the company: its own words with the page, plain words, no arithmetic, not too long', () => {
    const { result } = scored.get(site)!;
    for (const d of result.dimensions) {
      const why = `${d.dimensionId}: ${d.reasoning}`;
      expect(d.reasoning, why).not.toMatch(/\d\s*points?\b/i);
      expect(d.reasoning, why).not.toMatch(/expected signals?|control point|distinct signals?/i);
      expect(d.reasoning.length, why).toBeLessThanOrEqual(600);
      const quotes = result.grounding[d.dimensionId].findings.flatMap((f) => (f.evidence.kind === 'quote' ? [f.evidence.text] : []));
      // What it cites as the site's words stands verbatim in one of its quotes.
      for (const [, cited] of d.reasoning.matchAll(/the site says "…?(.+?)…?"\./g))
        expect(
          quotes.some((q) => q.includes(cited!)),
          why,
        ).toBe(true);
      if (d.score === 1 && result.grounding[d.dimensionId].findings.length === 0)
        expect(d.reasoning, why).toMatch(/^None of the \d+ pages we read \(the home page, .+\) shows /);
      if (d.score > 1) expect(d.reasoning, why).toMatch(/^(?:On (?:the home page|\/\S*), the site says "|.+ shows in the site's)/);
    }
  });

  it('closes no two level-4 reasonings with the same sentence', () => {
    const { result } = scored.get(site)!;
    const closings = result.dimensions.filter((d) => d.score === 4).map((d) => d.reasoning.split(/(?<=\.) /).at(-1));
    expect(new Set(closings).size).toBe(closings.length);
  });

  it('scores the same twice, and whatever order the pages and findings come in', () => {
    const { pages, result } = scored.get(site)!;
    const again = scoreSite({ findings: detectSignals(pages), facts: siteFacts(pages), asOf: AS_OF });
    expect(again).toEqual(result);
    const reordered = shuffled(pages, 7);
    const reorderedFindings = shuffled(detectSignals(reordered), 11);
    expect(scoreSite({ findings: reorderedFindings, facts: siteFacts(reordered), asOf: AS_OF })).toEqual(result);
  });
});

describe('fixture ordering', () => {
  it('orders the totals by maturity, from Foundation to Compounding', () => {
    const totals = FIXTURES.map(({ site }) => scored.get(site)!.result.totalScore);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(new Set(totals).size).toBe(totals.length);
    expect(scored.get('burrowly-seed')!.result.stageName).toBe('Foundation');
    expect(scored.get('lumenfield-platform')!.result.stageName).toBe('Compounding');
  });

  it('has the most mature fixture outscore the least mature in every function', () => {
    const most = functionSums(scored.get('lumenfield-platform')!.result);
    const least = functionSums(scored.get('burrowly-seed')!.result);
    for (const fn of FUNCTIONS) expect(most[fn], fn).toBeGreaterThan(least[fn]);
  });

  it('finds the anti-patterns each site was built with, and none on the mature platform', () => {
    const anti = (site: string) => scored.get(site)!.result.antiPatternsDetected;
    expect(anti('burrowly-seed')).toEqual(['Pricing hidden behind sales', 'No product analytics']);
    expect(anti('tallyworks-growing')).toEqual(['Security claims without certification', 'Hiring without product roles']);
    expect(anti('lumenfield-platform')).toEqual([]);
  });

  it('sees a changelog go stale when the crawl happens long after its last entry', async () => {
    const pages = await loadPages('tallyworks-growing');
    const later = scoreSite({ findings: detectSignals(pages), facts: siteFacts(pages), asOf: new Date('2027-06-01T00:00:00Z') });
    expect(later.antiPatternsDetected).toContain('Stale changelog');
    expect(later.dimensions.find((d) => d.dimensionId === 'delivery_velocity')!.score).toBeLessThanOrEqual(2);
  });
});
