/**
 * CPU time of the three scoring stages, in this process, on the pages of a
 * running fixture site: extraction (the crawler's own path from response
 * bytes to artifact: decoding, the HTML pass, the block-page check),
 * detection (every detector over all pages, and the site facts read beside
 * them) and scoring (the engine, from findings and facts).
 *
 * The pages are fetched once; each stage then runs `repetitions` times after
 * a warm-up (so the figures are those of a long-running, JIT-compiled
 * service); the median and the fastest repetition are kept (on a shared
 * machine the fastest is the one least disturbed by other work). CPU time is
 * process.cpuUsage() (user + system, all threads: garbage collection on
 * helper threads counts).
 */
import { Agent, request } from 'undici';
import type { PageArtifact } from '../src/modules/scoring/artifacts.ts';
import type { FetchedResource } from '../src/modules/scoring/crawler/http-fetch.ts';
import { toPageOutcome } from '../src/modules/scoring/crawler/page-outcome.ts';
import { parseContentType } from '../src/modules/scoring/crawler/response-text.ts';
import { scoreSite } from '../src/modules/scoring/engine/score-site.ts';
import { detectSignals } from '../src/modules/scoring/signals/detect-signals.ts';
import { siteFacts } from '../src/modules/scoring/signals/site-facts.ts';
import { median } from './measure.ts';

/** CPU milliseconds of one pass over all pages: the median and the fastest of the repetitions. */
export interface StageTime {
  median: number;
  min: number;
}

export interface StageTimes {
  pages: number;
  bytesPerPage: number;
  extract: StageTime;
  detect: StageTime;
  score: StageTime;
  /** The three stages of one repetition together. */
  total: StageTime;
}

const WARM_UP_PASSES = 3;

/** A fixed crawl date, so scoring does the same work on every run. */
const AS_OF = new Date('2025-03-10T00:00:00Z');

export async function measureStages(origin: string, repetitions: number): Promise<StageTimes> {
  const resources = await fetchSite(origin);
  const extract = () => resources.map(toArtifact);
  const pages = extract();
  const findings = detectSignals(pages);
  const facts = siteFacts(pages);
  const samples = { extract: [] as number[], detect: [] as number[], score: [] as number[], total: [] as number[] };
  for (let pass = 0; pass < WARM_UP_PASSES + repetitions; pass++) {
    const extractMs = cpuMs(extract);
    const detectMs = cpuMs(() => {
      detectSignals(pages);
      siteFacts(pages);
    });
    const scoreMs = cpuMs(() => scoreSite({ findings, facts, asOf: AS_OF }));
    if (pass < WARM_UP_PASSES) continue;
    samples.extract.push(extractMs);
    samples.detect.push(detectMs);
    samples.score.push(scoreMs);
    samples.total.push(extractMs + detectMs + scoreMs);
  }
  const summary = (values: number[]): StageTime => ({ median: median(values), min: Math.min(...values) });
  return {
    pages: resources.length,
    bytesPerPage: Math.round(resources.reduce((sum, resource) => sum + (resource.body?.bytes.length ?? 0), 0) / resources.length),
    extract: summary(samples.extract),
    detect: summary(samples.detect),
    score: summary(samples.score),
    total: summary(samples.total),
  };
}

function toArtifact(resource: FetchedResource): PageArtifact {
  const outcome = toPageOutcome(resource);
  if (outcome.kind !== 'page') throw new Error(`${resource.finalUrl} was not usable: ${outcome.reason}`);
  return outcome.artifact;
}

/** Every page the site's sitemap lists, as the crawler would have received it. */
async function fetchSite(origin: string): Promise<FetchedResource[]> {
  // A pool of its own: a kept-alive connection from an earlier call may be closing server-side.
  const dispatcher = new Agent();
  try {
    return await fetchPages(origin, dispatcher);
  } finally {
    await dispatcher.close();
  }
}

async function fetchPages(origin: string, dispatcher: Agent): Promise<FetchedResource[]> {
  const sitemap = await (await request(`${origin}/sitemap.xml`, { dispatcher })).body.text();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  return Promise.all(
    urls.map(async (url) => {
      const response = await request(url, { dispatcher });
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
      const bytes = Buffer.from(await response.body.arrayBuffer());
      return {
        requestedUrl: url,
        finalUrl: url,
        status: response.statusCode,
        headers,
        contentType: parseContentType(headers['content-type']),
        body: { bytes, truncated: false },
      };
    }),
  );
}

function cpuMs(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
