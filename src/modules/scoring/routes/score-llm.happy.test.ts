/**
 * POST /api/score with a language model configured (a local server speaking
 * the OpenAI-compatible protocol): refinements that the findings support are
 * applied, invented evidence is not, and any provider failure leaves exactly
 * the deterministic result.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../../test/fakes/openai-compatible.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { ScoringResult } from '../result-schema.ts';

let site: ServedSite;
let llm: FakeOpenAiServer;
let plain: TestApp;
let refined: TestApp;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'relaymesh-scaleup'));
  llm = await startFakeOpenAi();
  const env = { CRAWL_ALLOWLIST: new URL(site.origin).host };
  plain = await startTestApp({ clock: new ManualClock(FIXTURE_CRAWL_DATE), env });
  refined = await startTestApp({
    clock: new ManualClock(FIXTURE_CRAWL_DATE),
    env: { ...env, LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'test-key', LLM_MODEL: 'refiner', LLM_TIMEOUT_MS: '3000' },
  });
});
afterAll(async () => {
  await Promise.all([plain.close(), refined.close()]);
  await Promise.all([site.close(), llm.close()]);
});

async function score(t: TestApp, sub: string): Promise<ScoringResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/score',
    headers: await t.authHeaders({ sub }),
    payload: { url: site.origin, context: 'We sell messaging APIs to healthcare.' },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const withoutIdentity = ({ id: _id, createdAt: _createdAt, ...rest }: ScoringResult) => rest;

/** The model's answer: every dimension at `level` with its own reasoning, and optional quotes. */
function modelAnswer(level: number, quotes: Partial<Record<string, { text: string; url: string }>> = {}) {
  return JSON.stringify({
    dimensions: DIMENSION_IDS.map((dimensionId) => ({
      dimensionId,
      level,
      reasoning: `The model's view of ${dimensionId}.`,
      quote: quotes[dimensionId] ?? null,
    })),
  });
}

describe('LLM refinement of a score', () => {
  it('keeps exactly the deterministic result when the provider fails', async () => {
    llm.respondWith({ httpError: { status: 500 } });
    const deterministic = await score(plain, 'llm_baseline');
    const fallback = await score(refined, 'llm_failure');
    expect(withoutIdentity(fallback)).toEqual(withoutIdentity(deterministic));
  });

  it('applies the refinements the findings support, refuses the rest, and grounds the prompt in the findings and context', async () => {
    const deterministic = await score(plain, 'llm_baseline_2');
    llm.respondWith({ content: modelAnswer(1) });
    const result = await score(refined, 'llm_refined');

    const prompt = JSON.stringify(llm.requests.at(-1)!.body.messages);
    expect(prompt).toContain('We sell messaging APIs to healthcare.');
    expect(llm.requests.at(-1)!.body.response_format?.type).toBe('json_schema');

    const branches = { accepted: 0, refused: 0 };
    for (const dimension of result.dimensions) {
      const before = deterministic.dimensions.find((d) => d.dimensionId === dimension.dimensionId)!;
      branches[before.score <= 2 ? 'accepted' : 'refused']++;
      if (before.score <= 2) {
        // A fall of at most one step is accepted, with the model's reasoning.
        expect(dimension.score, dimension.dimensionId).toBe(1);
        expect(dimension.reasoning).toBe(`The model's view of ${dimension.dimensionId}.`);
      } else {
        // A fall of two or more steps is refused: the deterministic score stands.
        expect(dimension).toEqual(before);
      }
    }
    expect(branches.accepted).toBeGreaterThan(0);
    expect(branches.refused).toBeGreaterThan(0);
    expect(result.totalScore).toBe(result.dimensions.reduce((sum, d) => sum + d.score, 0));
  });

  it('never shows a quote that is not on the cited page', async () => {
    const deterministic = await score(plain, 'llm_baseline_3');
    const pricing = deterministic.dimensions.find((d) => d.dimensionId === 'pricing_packaging')!;
    const invented = { text: 'Rated the best messaging API in the world by everyone', url: `${site.origin}/pricing` };
    llm.respondWith({ content: modelAnswer(pricing.score, { pricing_packaging: invented }) });
    const result = await score(refined, 'llm_invented');
    const refinedPricing = result.dimensions.find((d) => d.dimensionId === 'pricing_packaging')!;
    expect(refinedPricing).toEqual(pricing);
    expect(JSON.stringify(result)).not.toContain(invented.text);
  });

  it('does not let the model lift a level the quote rule held: it adds no sentence to the site', async () => {
    const deterministic = await score(plain, 'llm_baseline_4');
    // Relaymesh's product analytics is read from its scripts alone: enough points for more, held at 2.
    const analytics = deterministic.dimensions.find((d) => d.dimensionId === 'product_analytics')!;
    expect(analytics.score).toBe(2);
    expect(analytics.reasoning).toContain('It stays at level 2');
    llm.respondWith({ content: modelAnswer(4) });
    const result = await score(refined, 'llm_held');
    expect(result.dimensions.find((d) => d.dimensionId === 'product_analytics')!.score).toBe(2);
  });
});
