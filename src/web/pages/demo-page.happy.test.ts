/** /demo and /demo/<slug>: example results scored from the sites that ship with the service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_COMPANIES, DemoResults } from './demo-catalogue.ts';

/**
 * The tiers over a total of 27 levels (27 to 108), written out from spec part 2: the average level (1 to 4) in five
 * equal bands of 0.6, Foundation [1.0, 1.6), Building [1.6, 2.2), Scaling [2.2, 2.8), Leading [2.8, 3.4), Compounding
 * [3.4, 4.0]; times 27, a total below 43.2 is Foundation, below 59.4 Building, below 75.6 Scaling, below 91.8 Leading.
 */
const TIER_BANDS = [
  { upTo: 43, tier: 'Foundation' },
  { upTo: 59, tier: 'Building' },
  { upTo: 75, tier: 'Scaling' },
  { upTo: 91, tier: 'Leading' },
  { upTo: 108, tier: 'Compounding' },
] as const;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('example results', () => {
  // The expected figures come from an oracle of the test's own, not from the code under test: each example's 27 levels
  // as its own page shows them, summed, and the tier by the spec's bands (below).
  it('lists every example with its total and tier: the sum of the levels its page shows, in the band that sum falls in', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/demo' });
    expect(page.statusCode).toBe(200);
    for (const company of DEMO_COMPANIES) {
      const detail = await t.app.inject({ method: 'GET', url: `/demo/${company.slug}` });
      const levels = [...detail.body.matchAll(/<li class="dimension"[\s\S]*?class="level level-(\d)"/g)].map((match) => Number(match[1]));
      expect(levels).toHaveLength(27);
      const total = levels.reduce((sum, level) => sum + level, 0);
      const tier = TIER_BANDS.find(({ upTo }) => total <= upTo)!.tier;
      expect(detail.body).toMatch(new RegExp(`${total}<span class="total-out-of"> / 108</span></div>\\s*<div class="tier">${tier}</div>`));
      // The example's own card on /demo: from its link to the end of its list item.
      const card = page.body.slice(page.body.indexOf(`href="/demo/${company.slug}"`));
      expect(card.slice(0, card.indexOf('</li>'))).toMatch(
        new RegExp(`>${company.name}</a>[\\s\\S]*>${total}<span class="total-out-of"> / 108</span></span>\\s*<span class="tier">${tier}</span>`),
      );
    }
  });

  it('shows an example as a whole result of 27 dimensions, under an example banner', async () => {
    for (const company of DEMO_COMPANIES) {
      const page = await t.app.inject({ method: 'GET', url: `/demo/${company.slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body.match(/<li class="dimension"/g)).toHaveLength(27);
      expect(page.body).toContain('Example result.');
      expect(page.body).toContain('href="/try"');
    }
  });

  it('scores the same site to the same result every time', async () => {
    const [first, second] = [new DemoResults(), new DemoResults()];
    const company = DEMO_COMPANIES[1]!;
    expect(await first.resultOf(company)).toEqual(await second.resultOf(company));
  });

  it('answers an unknown example with the not-found page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/demo/no-such-company' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('We could not find that example');
  });
});
