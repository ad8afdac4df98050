/**
 * Scoring truth through the service, on both databases: a host that answers
 * 301 to the slash form of every directory gives the same pages as one that
 * does not, and the evidence a caller sees is the sentences the site states,
 * never its navigation, footer or headings, with reasoning in plain words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLASH_SITE_DIRECTORIES, startSlashSite, type SlashSite } from '../../../../test/fixtures/slash-redirecting-site.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { ScoringResult } from '../result-schema.ts';

let t: TestApp;
let redirecting: SlashSite;
let direct: SlashSite;

beforeAll(async () => {
  redirecting = await startSlashSite('redirect');
  direct = await startSlashSite('direct');
  const hosts = [redirecting, direct].map((site) => new URL(site.url).host).join(',');
  t = await startTestApp({ env: { CRAWL_ALLOWLIST: hosts } });
});
afterAll(async () => {
  await t.close();
  await redirecting.close();
  await direct.close();
});

async function score(site: SlashSite, sub: string): Promise<ScoringResult> {
  const headers = await t.authHeaders({ sub });
  const response = await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: `${site.url}/` } });
  expect(response.statusCode).toBe(200);
  return response.json<ScoringResult>();
}

const pathsOf = (result: ScoringResult) => result.crawledPages!.map((page) => new URL(page).pathname).sort();

/** The quoted passages of a dimension's evidence text: `"quote" (url); ...`. */
function quotesIn(evidence: string): string[] {
  return [...evidence.matchAll(/"(.+?)" \(http/g)].map((match) => match[1]!);
}

describe('POST /api/score on a host that redirects to the slash form', () => {
  it('analyses every page once, under its final address, as a host that does not redirect', async () => {
    const [behindRedirects, served] = await Promise.all([score(redirecting, 'truth_redirect'), score(direct, 'truth_direct')]);
    expect(pathsOf(behindRedirects)).toEqual([...SLASH_SITE_DIRECTORIES].sort());
    expect(behindRedirects.crawledPages!.length).toBe(served.crawledPages!.length);
    expect(behindRedirects.totalScore).toBe(served.totalScore);
    for (const [path, count] of redirecting.requestCounts()) {
      if (path.endsWith('/')) expect(count, path).toBe(1);
    }
  });

  it('quotes sentences of the content, never navigation, footer or headings, and reasons without arithmetic', async () => {
    const result = await score(redirecting, 'truth_quotes');
    const chrome = ['Home', 'Pricing', 'Features', 'Docs', 'About', 'Docs home', 'See plans', 'Customers', 'Changelog', 'Careers'];
    const quotes = result.dimensions.flatMap((d) => quotesIn(d.evidence));
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) expect(chrome, quote).not.toContain(quote);
    for (const d of result.dimensions) {
      expect(d.reasoning, d.dimensionId).not.toMatch(/\d+(?:\.\d+)? points?\b|expected signals/);
    }
    const pricing = result.dimensions.find((d) => d.dimensionId === 'pricing_packaging')!;
    expect(quotesIn(pricing.evidence)).toContain('Team plan $20 per seat per month.');
  });
});
