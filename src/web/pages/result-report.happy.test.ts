/**
 * GET /r/<id>/report.pdf and /demo/<slug>/report.pdf: the result as a PDF a
 * leader can forward, read back as text (pdftotext): the company, the total
 * and tier, every dimension's name and level, its evidence and next step.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS } from '../../framework/dimensions.ts';
import { playbookStep } from '../../framework/playbook.ts';
import { scoringResults } from '../../modules/scoring/tables.ts';
import type { ScoringResult } from '../../modules/scoring/result-schema.ts';
import { fixtureResult } from '../../../test/fixtures/coach-result.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { pdfPageCount, pdfText } from '../../../test/pdf-text.ts';
import { DEMO_COMPANIES, DemoResults } from './demo-catalogue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** pdftotext breaks lines where the page does: compare with whitespace collapsed. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every dimension appears by name, followed by its level, in the overview and in its own section. */
function expectEveryDimension(text: string, result: ScoringResult): void {
  for (const score of result.dimensions) {
    const pattern = new RegExp(`${score.dimensionName.replace(/[&]/g, '\\$&')} Level ${score.score} · ${score.stageName}`);
    expect(flat(text), `${score.dimensionName} in the overview`).toMatch(pattern);
    expect(flat(text), `${score.dimensionName} in its section`).toContain(`${score.dimensionName} Level ${score.score} of 4 · ${score.stageName}`);
  }
}

describe('GET /r/<id>/report.pdf', () => {
  it('answers a stored result as a PDF with the company, total, tier, and every dimension with its level, evidence and next step', async () => {
    const id = crypto.randomUUID();
    const result = { ...fixtureResult(), id, url: 'https://acme.example/', companyName: 'Acme Analytics' };
    await t.database.db.insert(scoringResults).values({ id, accountId: null, url: result.url, result, depth: 'full', createdAt: new Date(result.createdAt) });

    const response = await t.app.inject({ method: 'GET', url: `/r/${id}/report.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="acme-analytics-maturity-report.pdf"');
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfPageCount(pdf)).toBeGreaterThan(2);

    const text = await pdfText(pdf);
    expect(text).toContain('Acme Analytics');
    expect(flat(text)).toContain(`Total ${result.totalScore} of 108, tier ${result.stageName}`);
    expectEveryDimension(text, result);
    expect(DIMENSIONS).toHaveLength(27);
    // Evidence as quoted, the reasoning, and the playbook's next step.
    const market = result.dimensions.find((d) => d.dimensionId === 'market_intelligence')!;
    expect(flat(text)).toContain('Built for finance teams at mid-market SaaS companies');
    expect(flat(text)).toContain(flat(market.reasoning));
    expect(flat(text)).toContain(`Next step towards level 3: ${flat(playbookStep('market_intelligence', 2)!.firstSteps[0]!)}`);
    // Every page names where the result lives.
    expect(flat(text)).toContain(`${t.config.publicBaseUrl}/r/${id}`);
  });

  it('answers an unknown or malformed id with the 404 page', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-result']) {
      const response = await t.app.inject({ method: 'GET', url: `/r/${id}/report.pdf`, headers: { accept: 'text/html' } });
      expect(response.statusCode, id).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
    }
  });
});

describe('GET /demo/<slug>/report.pdf', () => {
  it("answers an example's result as the same report, marked as an example", async () => {
    const company = DEMO_COMPANIES.find((candidate) => candidate.slug === 'relaymesh')!;
    const result = await new DemoResults().resultOf(company);
    const response = await t.app.inject({ method: 'GET', url: '/demo/relaymesh/report.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Example result of an invented company');
    expect(text).toContain('Relaymesh');
    expect(flat(text)).toContain(`Total ${result.totalScore} of 108, tier ${result.stageName}`);
    expectEveryDimension(text, result);
  });
});
