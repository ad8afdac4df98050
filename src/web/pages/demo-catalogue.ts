/**
 * The example results behind /demo: every invented company whose site
 * ships with the service as files (src/example-sites/), of clearly different
 * maturity. Each is scored by the same pure pipeline a real score ends in
 * (extract every page, detect, score: judgeCrawl), straight from disk: no
 * crawl, no network, no credits, and no exception to the crawler's SSRF
 * guard. No language model either, so the result is a pure function of the
 * files and the fixed crawl date below: the same site, the same result.
 */
import { join } from 'node:path';
import { readSitePages, SITES_DIR } from '../../example-sites.ts';
import { extractPage } from '../../modules/scoring/extract/extract-page.ts';
import { judgeCrawl } from '../../modules/scoring/judge-crawl.ts';
import type { ScoringResult } from '../../modules/scoring/result-schema.ts';

/**
 * The day the examples count as crawled. Fixed, so that what a site says
 * about its last release never grows stale and the scores never drift; it is
 * the day after the sites' latest changelog entries.
 */
const DEMO_CRAWL_DATE = new Date('2026-11-20T12:00:00.000Z');

export interface DemoCompany {
  /** The address segment: /demo/<slug>. */
  slug: string;
  name: string;
  /** One line on what the company is, for the index. */
  summary: string;
  /** The folder under src/example-sites/. */
  folder: string;
  /** The address the result names: an .example domain (RFC 2606), which nobody can own. */
  origin: string;
}

/** Least mature first, the order the index lists them in. */
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    slug: 'burrowly',
    name: 'Burrowly',
    summary: 'A seed-stage scheduling app for independent dog walkers, still gathering a waitlist.',
    folder: 'burrowly-seed',
    origin: 'https://burrowly.example',
  },
  {
    slug: 'tallyworks',
    name: 'Tallyworks',
    summary: 'Invoicing and time tracking for small agencies, growing past its first few hundred customers.',
    folder: 'tallyworks-growing',
    origin: 'https://tallyworks.example',
  },
  {
    slug: 'relaymesh',
    name: 'Relaymesh',
    summary: 'A messaging API for product teams in its scale-up years, with docs, a changelog and customer stories.',
    folder: 'relaymesh-scaleup',
    origin: 'https://relaymesh.example',
  },
  {
    slug: 'lumenfield',
    name: 'Lumenfield',
    summary: 'A product analytics and experimentation platform with public docs, a changelog and a research programme.',
    folder: 'lumenfield-platform',
    origin: 'https://lumenfield.example',
  },
];

export function demoCompany(slug: string): DemoCompany | null {
  return DEMO_COMPANIES.find((company) => company.slug === slug) ?? null;
}

/** What the judge may need of a logger; the examples run without a language model, so it never speaks. */
const QUIET_LOG = { warn: () => {}, info: () => {} };

/** Scores one example company from its files. */
export async function scoreDemoCompany(company: DemoCompany): Promise<ScoringResult> {
  const raw = await readSitePages(join(SITES_DIR, company.folder), company.origin);
  const pages = raw.map(extractPage);
  const result = await judgeCrawl(
    {
      crawl: { startUrl: `${company.origin}/`, pages, skipped: [], contentLength: raw.reduce((sum, page) => sum + Buffer.byteLength(page.body), 0) },
      url: `${company.origin}/`,
      asOf: DEMO_CRAWL_DATE,
      // Every page of the example is read, as a full crawl would.
      depth: 'full',
      context: null,
      companyName: company.name,
      productId: null,
    },
    { refiner: null, log: QUIET_LOG },
  );
  // The judge gives every result a fresh id; an example is not stored, and its id is its slug's.
  return { ...result, id: demoResultId(company) };
}

/**
 * A stable id in the result's UUID shape, so that the same example is the
 * same result across restarts. Nothing looks it up: /r/<id> never finds it.
 */
function demoResultId(company: DemoCompany): string {
  const index = DEMO_COMPANIES.indexOf(company) + 1;
  return `00000000-0000-4000-8000-${index.toString().padStart(12, '0')}`;
}

/**
 * The examples' results, scored on first request and kept for the life of
 * the process (they never change). A failed scoring is not kept, so the
 * next request tries again.
 */
export class DemoResults {
  readonly #scored = new Map<string, Promise<ScoringResult>>();

  resultOf(company: DemoCompany): Promise<ScoringResult> {
    let pending = this.#scored.get(company.slug);
    if (!pending) {
      pending = scoreDemoCompany(company);
      this.#scored.set(company.slug, pending);
      pending.catch(() => this.#scored.delete(company.slug));
    }
    return pending;
  }

  /** An example by its result's id (the compare page takes result ids); null for any other id. */
  async byResultId(id: string): Promise<{ company: DemoCompany; result: ScoringResult } | null> {
    const company = DEMO_COMPANIES.find((candidate) => demoResultId(candidate) === id.toLowerCase());
    return company ? { company, result: await this.resultOf(company) } : null;
  }

  all(): Promise<{ company: DemoCompany; result: ScoringResult }[]> {
    return Promise.all(DEMO_COMPANIES.map(async (company) => ({ company, result: await this.resultOf(company) })));
  }
}
