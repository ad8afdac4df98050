/**
 * The scorer against the analyst: each corpus site (../shared/corpus, beside
 * the repository) is served on 127.0.0.1, crawled by the real crawler, read
 * by the detectors (findings and site facts) and scored by the deterministic
 * engine (no LLM), and the result is set beside labels.json. The quotes the
 * engine counted are checked against the served HTML (quote-audit.ts). Used
 * by `npm run eval` and the corpus floor test.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DIMENSION_IDS, type DimensionId } from '../../src/framework/dimensions.ts';
import type { ProductFunction } from '../../src/framework/functions.ts';
import type { Evidence, PageArtifact } from '../../src/modules/scoring/artifacts.ts';
import { createCrawler, DEFAULT_CRAWLER_OPTIONS } from '../../src/modules/scoring/crawler/crawler.ts';
import { scoreSite, type EngineResult } from '../../src/modules/scoring/engine/score-site.ts';
import { detectSignals } from '../../src/modules/scoring/signals/detect-signals.ts';
import { siteFacts } from '../../src/modules/scoring/signals/site-facts.ts';
import { serveCorpusSite } from '../fixtures/corpus-site-server.ts';
import { agreementBy, agreementOf, functionAverages, spearman, type Agreement, type LevelPair } from './agreement-metrics.ts';
import { lineRepeatsOnMostPages, quoteIsInChrome, quoteIsVerbatim, readServedText, sourceLine, type ServedPageText } from './quote-audit.ts';

/** test/corpus/ -> test/ -> the repository -> its parent, where shared/ lives. */
export const CORPUS_DIR = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
/** A fixed crawl date: staleness is measured against it, so every run scores alike. */
export const EVALUATION_AS_OF = new Date('2026-09-01T00:00:00Z');

/** One dimension of one company in labels.json (schema in the corpus README). */
export interface DimensionLabel {
  level: number;
  /** A corpus path, '' when the judgement is an absence. */
  page: string;
  quote: string;
  justification: string;
}

interface CompanyLabel {
  tier: string;
  total: number;
  function_averages: Record<ProductFunction, number>;
  dimensions: Record<DimensionId, DimensionLabel>;
}

export interface CountedFinding {
  signal: string;
  strength: number;
  /** The cited page's path. */
  path: string;
  evidence: Evidence;
}

export interface DimensionJudgement {
  dimensionId: DimensionId;
  scorerLevel: number;
  labelLevel: number;
  /** The findings that counted toward the level (the engine's grounding). */
  findings: CountedFinding[];
  reasoning: string;
  label: DimensionLabel;
}

export interface QuoteIssue {
  company: string;
  dimensionId: DimensionId;
  signal: string;
  path: string;
  quote: string;
  why: string;
}

export interface Side {
  total: number;
  tier: string;
  functionAverages: Record<ProductFunction, number>;
}

export interface CompanyEvaluation {
  company: string;
  /** Paths of the pages the crawler used, in crawl order. */
  crawledPaths: string[];
  scorer: Side;
  label: Side;
  dimensions: DimensionJudgement[];
  quotesChecked: number;
  notVerbatim: QuoteIssue[];
  boilerplate: QuoteIssue[];
}

export interface CorpusEvaluation {
  companies: CompanyEvaluation[];
  overall: Agreement;
  byDimension: ({ dimensionId: DimensionId } & Agreement)[];
  byCompany: ({ company: string } & Agreement)[];
  /** Of the companies' totals, scorer against label; NaN with fewer than two companies. */
  spearman: number;
  quotesChecked: number;
  notVerbatim: QuoteIssue[];
  boilerplate: QuoteIssue[];
}

/** @throws Error naming the corpus location when it is missing. */
export async function listCorpusCompanies(): Promise<string[]> {
  if (!existsSync(`${CORPUS_DIR}labels.json`)) {
    throw new Error(`evaluation corpus not found: expected labels.json in ${CORPUS_DIR} (../shared/corpus beside the repository)`);
  }
  const entries = await readdir(CORPUS_DIR, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

async function readLabels(): Promise<Record<string, CompanyLabel>> {
  const file = JSON.parse(await readFile(`${CORPUS_DIR}labels.json`, 'utf8')) as { companies: Record<string, CompanyLabel> };
  for (const [company, label] of Object.entries(file.companies)) {
    const missing = DIMENSION_IDS.filter((id) => !label.dimensions[id]);
    if (missing.length > 0) throw new Error(`labels.json: ${company} has no label for ${missing.join(', ')}`);
  }
  return file.companies;
}

/** Serve, crawl (full page budget), score; the served HTML of each crawled page is kept for the quote audit. */
async function crawlAndScore(company: string): Promise<{ pages: PageArtifact[]; served: Map<string, ServedPageText>; result: EngineResult }> {
  const site = await serveCorpusSite(`${CORPUS_DIR}${company}`);
  const crawler = createCrawler({ ...DEFAULT_CRAWLER_OPTIONS, allowlist: [new URL(site.origin).host] });
  try {
    const { pages } = await crawler.crawl(`${site.origin}/`);
    const served = new Map<string, ServedPageText>();
    for (const page of pages) served.set(page.finalUrl, readServedText(await (await fetch(page.finalUrl)).text()));
    const result = scoreSite({ findings: detectSignals(pages), facts: siteFacts(pages), asOf: EVALUATION_AS_OF });
    return { pages, served, result };
  } finally {
    await crawler.close();
    await site.close();
  }
}

const pathOf = (url: string) => new URL(url).pathname;

async function evaluateCompany(company: string, label: CompanyLabel): Promise<CompanyEvaluation> {
  const { pages, served, result } = await crawlAndScore(company);
  const mainTexts = pages.map((page) => page.mainText);
  const notVerbatim: QuoteIssue[] = [];
  const boilerplate: QuoteIssue[] = [];
  let quotesChecked = 0;

  const dimensions = result.dimensions.map((dimension): DimensionJudgement => {
    const grounding = result.grounding[dimension.dimensionId];
    for (const finding of grounding.findings) {
      if (finding.evidence.kind !== 'quote') continue;
      quotesChecked++;
      const quote = finding.evidence.text;
      const issue = { company, dimensionId: dimension.dimensionId, signal: finding.signal, path: pathOf(finding.url), quote };
      const html = served.get(finding.url);
      if (!html || !quoteIsVerbatim(quote, html)) notVerbatim.push({ ...issue, why: html ? 'not in the served text' : 'cites a page not crawled' });
      const line = sourceLine(quote, pages.find((page) => page.finalUrl === finding.url)?.mainText ?? '');
      if (html && quoteIsInChrome(quote, html)) boilerplate.push({ ...issue, why: 'inside page chrome' });
      else if (line !== null && lineRepeatsOnMostPages(line, mainTexts)) boilerplate.push({ ...issue, why: 'its line is on most pages' });
    }
    return {
      dimensionId: dimension.dimensionId,
      scorerLevel: dimension.score,
      labelLevel: label.dimensions[dimension.dimensionId].level,
      findings: grounding.findings.map((f) => ({ signal: f.signal, strength: f.strength, path: pathOf(f.url), evidence: f.evidence })),
      reasoning: dimension.reasoning,
      label: label.dimensions[dimension.dimensionId],
    };
  });

  const scorerLevels = Object.fromEntries(dimensions.map((d) => [d.dimensionId, d.scorerLevel])) as Record<DimensionId, number>;
  return {
    company,
    crawledPaths: pages.map((page) => pathOf(page.finalUrl)),
    scorer: { total: result.totalScore, tier: result.stageName, functionAverages: functionAverages(scorerLevels) },
    label: { total: label.total, tier: label.tier, functionAverages: label.function_averages },
    dimensions,
    quotesChecked,
    notVerbatim,
    boilerplate,
  };
}

/** The agreement figures over a set of evaluated companies. */
export function summariseEvaluation(companies: CompanyEvaluation[]): CorpusEvaluation {
  const pairs: LevelPair[] = companies.flatMap((c) =>
    c.dimensions.map((d) => ({ company: c.company, dimensionId: d.dimensionId, scorer: d.scorerLevel, label: d.labelLevel })),
  );
  const byDimension = agreementBy(pairs, (pair) => pair.dimensionId);
  return {
    companies,
    overall: agreementOf(pairs),
    byDimension: DIMENSION_IDS.filter((id) => byDimension.has(id)).map((id) => ({ dimensionId: id, ...byDimension.get(id)! })),
    byCompany: [...agreementBy(pairs, (pair) => pair.company)].map(([company, agreement]) => ({ company, ...agreement })),
    spearman: spearman(
      companies.map((c) => c.scorer.total),
      companies.map((c) => c.label.total),
    ),
    quotesChecked: companies.reduce((sum, c) => sum + c.quotesChecked, 0),
    notVerbatim: companies.flatMap((c) => c.notVerbatim),
    boilerplate: companies.flatMap((c) => c.boilerplate),
  };
}

/** Evaluate the named companies (all of the corpus by default), concurrently. */
export async function evaluateCorpus(only?: readonly string[]): Promise<CorpusEvaluation> {
  const available = await listCorpusCompanies();
  const labels = await readLabels();
  // labels.json lists the companies from most to least mature: the report keeps that order.
  const companies = only ?? Object.keys(labels);
  for (const company of companies) {
    if (!available.includes(company) || !labels[company]) throw new Error(`no corpus company '${company}' (have: ${available.join(', ')})`);
  }
  return summariseEvaluation(await Promise.all(companies.map((company) => evaluateCompany(company, labels[company]!))));
}
