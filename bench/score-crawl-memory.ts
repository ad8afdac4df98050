/**
 * The crawl's own memory, apart from the service's: a process that loads only
 * the crawler, the detectors and the engine, scores a site twice (crawl,
 * detection, scoring; as the service does, minus HTTP and the database) and
 * prints one JSON line: its RSS before the first crawl and its peak RSS.
 *
 *   node_modules/.bin/node bench/score-crawl-memory.ts <siteUrl> <allowlistEntry>
 *
 * Run by bench/score-benchmark.ts; the service's idle RSS (its modules, its
 * database driver, PGlite's heap) is reported there separately.
 */
import fs from 'node:fs';
import { createCrawler, DEFAULT_CRAWLER_OPTIONS } from '../src/modules/scoring/crawler/crawler.ts';
import { scoreSite } from '../src/modules/scoring/engine/score-site.ts';
import { detectSignals } from '../src/modules/scoring/signals/detect-signals.ts';
import { siteFacts } from '../src/modules/scoring/signals/site-facts.ts';

const SCORES = 2;

const [siteUrl, allowlistEntry] = process.argv.slice(2, 4);
if (!siteUrl || !allowlistEntry) {
  process.stderr.write('usage: score-crawl-memory.ts <siteUrl> <allowlistEntry>\n');
  process.exit(2);
}

function statusMB(field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
}

const crawler = createCrawler({ ...DEFAULT_CRAWLER_OPTIONS, allowlist: [allowlistEntry] });
const idleMB = statusMB('VmRSS');
let pages = 0;
for (let i = 0; i < SCORES; i++) {
  const crawl = await crawler.crawl(siteUrl);
  scoreSite({ findings: detectSignals(crawl.pages), facts: siteFacts(crawl.pages), asOf: new Date() });
  pages = crawl.pages.length;
}
await crawler.close();
process.stdout.write(`${JSON.stringify({ idleMB, peakMB: statusMB('VmHWM'), pages })}\n`);
