/** /demo and /demo/<slug>: example results scored from the sites that ship with the service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_COMPANIES, DemoResults } from './demo-catalogue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('example results', () => {
  it('lists every example with its total and tier', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/demo' });
    expect(page.statusCode).toBe(200);
    const demos = new DemoResults();
    for (const company of DEMO_COMPANIES) {
      const result = await demos.resultOf(company);
      expect(page.body).toContain(`href="/demo/${company.slug}"`);
      expect(page.body).toContain(company.name);
      expect(page.body).toContain(`${result.totalScore}<span class="total-out-of"> / 108</span>`);
      expect(page.body).toContain(result.stageName);
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
