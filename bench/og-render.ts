/**
 * The Open Graph card (GET /api/og): what a card costs to draw, and what a
 * kept one costs to hand back.
 *
 *   node_modules/.bin/node bench/og-render.ts [--renders 80] [--warmup 15]
 *
 * - Warm render: satori (layout to SVG) and resvg (SVG to PNG) of `renders`
 *   distinct result cards, each a different company name and mix of levels so
 *   that nothing is reused between them, straight through renderCardPng (the
 *   cache bypassed), after `warmup` renders that are not counted (JIT, the
 *   fonts' first parse, resvg's thread pool). One at a time: the latency of a
 *   card nobody asked for before. Target: p95 at most 150 ms.
 * - Cached: OgCards.forResult for a result whose card is kept, as the route
 *   calls it on every later request (the shared result read before it is
 *   bench/shared-result.ts's subject).
 * - The generic card, rendered once per process: its one render, cold.
 *
 * Prints Markdown to stdout with the machine's load average before and after
 * (a shared machine: read figures against it).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DIMENSIONS } from '../src/framework/dimensions.ts';
import { STAGE_NAMES } from '../src/framework/tiers.ts';
import type { ScoringResult } from '../src/modules/scoring/result-schema.ts';
import { genericCard, resultCard, resultCardFacts } from '../src/web/og/og-card.ts';
import { loadCardFonts, OgCards, renderCardPng } from '../src/web/og/og-renderer.ts';
import { loadAverage, median } from './measure.ts';

const { values } = parseArgs({ options: { renders: { type: 'string', default: '80' }, warmup: { type: 'string', default: '15' } } });
const renders = Number(values.renders);
const warmup = Number(values.warmup);

const COMPANY_WORDS = ['Burrowly', 'Lumenfield', 'Northwind', 'Quarry', 'Tessellate', 'Oakridge', 'Ferro', 'Halcyon', 'Pinecrest', 'Vantage'];

/** The n-th synthetic result: its levels and name vary with n, so no two cards are the same drawing. */
function syntheticResult(n: number): ScoringResult {
  const dimensions = DIMENSIONS.map((dimension, index) => {
    const score = 1 + ((n * 7 + index * 3) % 4);
    return {
      dimensionId: dimension.id,
      dimensionName: dimension.name,
      score,
      stageName: STAGE_NAMES[0],
      evidence: '',
      confidence: 'low' as const,
      reasoning: '',
    };
  });
  const totalScore = dimensions.reduce((sum, dimension) => sum + dimension.score, 0);
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    url: `https://company-${n}.example/`,
    companyName: `${COMPANY_WORDS[n % COMPANY_WORDS.length]} ${COMPANY_WORDS[(n * 3 + 1) % COMPANY_WORDS.length]} ${n}`,
    totalScore,
    stageName: STAGE_NAMES[n % STAGE_NAMES.length]!,
    depth: 'full',
    dimensions,
    strengths: [],
    gaps: [],
    createdAt: new Date(Date.UTC(2026, 10, 1 + (n % 28))).toISOString(),
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const loadBefore = loadAverage();
const fontStart = performance.now();
const fonts = loadCardFonts();
const fontMs = performance.now() - fontStart;

const genericStart = performance.now();
const genericPng = await renderCardPng(genericCard(), fonts);
const genericMs = performance.now() - genericStart;

for (let n = 0; n < warmup; n++) await renderCardPng(resultCard(resultCardFacts(syntheticResult(1_000 + n))), fonts);

const renderMs: number[] = [];
let pngBytes = 0;
for (let n = 0; n < renders; n++) {
  const start = performance.now();
  const png = await renderCardPng(resultCard(resultCardFacts(syntheticResult(n))), fonts);
  renderMs.push(performance.now() - start);
  pngBytes += png.byteLength;
}

const cards = new OgCards(fonts);
const cachedResult = syntheticResult(0);
await cards.forResult(cachedResult.id, '"source"', () => resultCard(resultCardFacts(cachedResult)));
const cachedMs: number[] = [];
for (let n = 0; n < 10_000; n++) {
  const start = performance.now();
  await cards.forResult(cachedResult.id, '"source"', () => resultCard(resultCardFacts(cachedResult)));
  cachedMs.push(performance.now() - start);
}

const sortedRender = [...renderMs].sort((a, b) => a - b);
const sortedCached = [...cachedMs].sort((a, b) => a - b);
const p95 = percentile(sortedRender, 95);
const ms = (value: number) => value.toFixed(1);
const us = (value: number) => (value * 1000).toFixed(1);

console.log(`| Path | Samples | Median | p95 | Max |`);
console.log(`|---|---|---|---|---|`);
console.log(`| Warm render (satori + resvg, distinct results) | ${renders} | ${ms(median(renderMs))} ms | ${ms(p95)} ms | ${ms(sortedRender.at(-1)!)} ms |`);
console.log(
  `| Cached card (OgCards.forResult) | ${cachedMs.length} | ${us(median(cachedMs))} µs | ${us(percentile(sortedCached, 95))} µs | ${us(sortedCached.at(-1)!)} µs |`,
);
console.log(`| Generic card, first render (cold) | 1 | ${ms(genericMs)} ms | | |`);
console.log();
console.log(
  `Warm render p95 ${ms(p95)} ms against the 150 ms target: ${p95 <= 150 ? 'met' : 'NOT met'}. ` +
    `Fonts read in ${ms(fontMs)} ms; a result card is ${(pngBytes / renders / 1024).toFixed(0)} KB on average, the generic card ${(genericPng.byteLength / 1024).toFixed(0)} KB. ` +
    `Node ${process.version}, ${os.cpus().length} cores, load average ${loadBefore} before, ${loadAverage()} after.`,
);
