/**
 * maturity score <url> [--json] [--quick] [--explain] [--context <text>]:
 * scores a site without a server or a database, with the same crawler,
 * detectors, engine and (when configured) language-model refinement as the
 * service. --explain adds the rubric arithmetic behind each level after the
 * report.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfigOrExit } from '../config.ts';
import { CrawlFailedError, crawlerOptionsFromConfig, createCrawler } from '../modules/scoring/crawler/crawler.ts';
import { checkTargetUrl, withDefaultScheme } from '../net/target-url.ts';
import { judgeCrawlWithGrounding, maxPagesFor } from '../modules/scoring/judge-crawl.ts';
import { formatLevelArithmetic, formatScoreReport } from './score-report.ts';
import { UsageError } from './usage-error.ts';

export async function scoreCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: 'boolean' }, quick: { type: 'boolean' }, explain: { type: 'boolean' }, context: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('score: give exactly one address, e.g. maturity score https://example.com');
  // stdout holds exactly the ScoringResult with --json; the arithmetic is a report.
  if (values.json && values.explain) throw new UsageError('score: --explain prints a readable report and cannot be combined with --json');
  const config = loadConfigOrExit();
  const target = checkTargetUrl(withDefaultScheme(positionals[0]!), config.crawl.allowlist);
  if (!target.ok) throw new UsageError(`score: ${target.reason}`);

  // Diagnostics go to stderr, so stdout holds only the report or the JSON.
  const log = pino({ level: config.logLevel }, pino.destination(2));
  // The language model's SDK is loaded only when one is configured.
  const refiner = config.llm ? (await import('../modules/scoring/refinement/llm-refiner.ts')).createLlmRefiner(config.llm) : null;
  const crawler = createCrawler(crawlerOptionsFromConfig(config.crawl));
  try {
    const url = target.url.toString();
    const depth = values.quick ? 'quick' : 'full';
    const crawl = await crawler.crawl(url, { maxPages: maxPagesFor(depth, config.crawl.maxPages) });
    const { result, grounding } = await judgeCrawlWithGrounding(
      { crawl, url, asOf: new Date(), depth, context: values.context ?? null, companyName: null, productId: null },
      { refiner, log },
    );
    if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else process.stdout.write(values.explain ? `${formatScoreReport(result)}\n${formatLevelArithmetic(result, grounding)}` : formatScoreReport(result));
  } catch (error) {
    if (error instanceof CrawlFailedError) {
      process.stderr.write(`The site could not be crawled: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await crawler.close();
  }
}
