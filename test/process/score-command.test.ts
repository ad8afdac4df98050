/** `npx maturity score <url>`: a score without a server, as a report or as the ScoringResult JSON. */
import path from 'node:path';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoringResultSchema } from '../../src/modules/scoring/result-schema.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../fixtures/static-site.ts';
import { testDatabaseKind } from '../harness.ts';
import { MATURITY_BIN, NODE, run, serverEnv } from './processes.ts';

let site: ServedSite;
let env: Record<string, string>;
beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'relaymesh-scaleup'));
  env = serverEnv({ CRAWL_ALLOWLIST: new URL(site.origin).host });
});
afterAll(() => site.close());

// The command uses no database: it runs once, in the pglite project.
describe.skipIf(testDatabaseKind() === 'postgres')('maturity score', () => {
  it('prints the ScoringResult as JSON with --json, and nothing else on stdout', async () => {
    const { code, stdout } = await run(NODE, [MATURITY_BIN, 'score', site.origin, '--json'], env);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(Value.Check(ScoringResultSchema, result)).toBe(true);
    expect(result.companyName).toBe('Relaymesh');
    expect(result.crawledPages.length).toBeGreaterThan(5);
    expect(result.depth).toBe('full');
  });

  it('says a --quick score is one: `depth` in the JSON, and a label with the pages read and the full command in the report', async () => {
    const json = await run(NODE, [MATURITY_BIN, 'score', site.origin, '--quick', '--json'], env);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(Value.Check(ScoringResultSchema, result)).toBe(true);
    expect(result.depth).toBe('quick');
    expect(result.crawlStats.pagesAnalyzed).toBeLessThanOrEqual(6);
    const report = await run(NODE, [MATURITY_BIN, 'score', site.origin, '--quick'], env);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(
      new RegExp(`^Quick score: \\d pages read\\. Not comparable with a full score; for the full score run: maturity score ${site.origin}/$`, 'm'),
    );
  });

  it('prints a readable report: total, tier, dimensions by function, strengths and gaps', async () => {
    const { code, stdout } = await run(NODE, [MATURITY_BIN, 'score', site.origin], env);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Relaymesh {2}http:\/\/127\.0\.0\.1:\d+\/\nTotal \d+ of 108: (Foundation|Building|Scaling|Leading|Compounding)\n/);
    for (const heading of ['Strategy (', 'Design (', 'Development (', 'Intelligence (', 'Operations (', 'Go-to-market (', 'Strengths: ', 'Gaps: ']) {
      expect(stdout).toContain(heading);
    }
    expect(stdout.match(/^ {2}[1-4]\/4 /gm)).toHaveLength(27);
  });

  it('prints, with --explain, the report and then the arithmetic behind each level', async () => {
    const { code, stdout } = await run(NODE, [MATURITY_BIN, 'score', site.origin, '--explain'], env);
    expect(code).toBe(0);
    const [report, arithmetic] = stdout.split('\nHow each level was computed\n');
    expect(report).toMatch(/^Relaymesh {2}http:\/\/127\.0\.0\.1:\d+\/\nTotal \d+ of 108: /);
    expect(arithmetic).toMatch(/^Points per finding = weight x strength x figure \(1.5 when its quote states a figure, else 1\) x repeat decay/);
    expect(
      arithmetic!.match(
        /^Pricing & Packaging \(pricing_packaging\), broad curve: level 2 needs 1 point, level 3 3 points and 2 signals \(or one on 2 pages, or a quote with a figure\), level 4 6\.5 points and 3 signals on 2 pages \(or 4 on one page, with a figure\)$/gm,
      ),
    ).toHaveLength(1);
    expect(arithmetic).toMatch(new RegExp(`^ {2}pricing\\.tiers +2 x [\\d.]+ x 1(?:\\.5)? x 1 = [\\d.]+ +quote +${site.origin}/pricing$`, 'm'));
    expect(
      arithmetic!.match(/^ {2}total [\d.]+ points? from \d+ distinct signals? on \d+ pages?(?:, a quote with a figure)?: level [1-4] on the curve$/gm),
    ).toHaveLength(27);
    expect(arithmetic!.match(/^ {2}level decided: [1-4]$/gm)).toHaveLength(27);
    // The result's reasoning keeps none of this arithmetic.
    expect(report).not.toMatch(/\d points?\b|expected signals/);
  });

  it('refuses --explain with --json, so stdout stays the ScoringResult alone', async () => {
    const { code, stdout, stderr } = await run(NODE, [MATURITY_BIN, 'score', site.origin, '--json', '--explain'], env);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--explain');
  });

  it('refuses an address it may not crawl (exit 2) and reports a crawl failure (exit 1)', async () => {
    const refused = await run(NODE, [MATURITY_BIN, 'score', 'http://169.254.169.254/'], env);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    const unreachable = await run(NODE, [MATURITY_BIN, 'score', `${site.origin.replace(/:\d+$/, ':1')}/`], { ...env, CRAWL_ALLOWLIST: '127.0.0.1:1' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('The site could not be crawled');
  });
});
