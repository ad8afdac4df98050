/** GET /compare: two results side by side, chosen by id, by a pasted link, from the account's scores or the examples. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/onboarding-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { storeResult } from '../../../test/stored-results.ts';
import { DEMO_COMPANIES, DemoResults } from './demo-catalogue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('GET /compare', () => {
  it('puts two results side by side: totals, functions, every dimension with the difference, and where each leads', async () => {
    const ours = await storeResult(t, { companyName: 'Acme', url: 'https://acme.example/' });
    const theirs = await storeResult(t, {
      companyName: 'Rival',
      url: 'https://rival.example/',
      levels: { pricing_packaging: 4, feedback_loop_quality: 3, prototyping_speed: 1 },
    });
    const response = await t.app.inject({ method: 'GET', url: `/compare?a=${ours.id}&b=${theirs.id}` });
    expect(response.statusCode).toBe(200);
    const page = text(response.body);
    expect(page).toContain('Acme against Rival');
    expect(page).toContain(`Rival is ${theirs.totalScore - ours.totalScore} points ahead.`);
    expect(page).toContain('24 of 27 dimensions are at the same level.');
    // Every dimension, with both levels and the difference in words.
    expect(response.body.match(/<tr id="compare-/g)).toHaveLength(27);
    expect(page).toContain('Pricing & Packaging');
    expect(page).toContain('Rival 3 levels higher');
    expect(page).toContain('Acme 2 levels higher');
    expect(page).toMatch(/Where Acme leads Prototyping Speed Acme 3, Rival 1/);
    expect(page).toMatch(/Where Rival leads Pricing & Packaging Rival 4, Acme 1 Feedback Loop Quality Rival 3, Acme 1/);
    // Each level links to its evidence on the result's own page.
    expect(response.body).toContain(`href="/r/${ours.id}#dimension-pricing_packaging"`);
    expect(response.body).toContain(`href="/compare?a=${theirs.id}&amp;b=${ours.id}"`);
    // A visitor is not offered the coach.
    expect(page).not.toContain('Ask the coach about this comparison');
  });

  it('takes a result page’s link pasted whole, and an example; names two scores of one company by when they were made', async () => {
    const before = await storeResult(t, { companyName: 'Acme', createdAt: '2026-10-01T09:30:00.000Z' });
    const now = await storeResult(t, { companyName: 'Acme', createdAt: '2026-11-20T14:05:00.000Z', levels: { roadmap_discipline: 3 } });
    const pasted = await t.app.inject({
      method: 'GET',
      url: `/compare?${new URLSearchParams({ a: `https://maturity.example/r/${now.id}`, b: `  ${before.id.toUpperCase()} ` })}`,
    });
    expect(pasted.statusCode).toBe(200);
    expect(text(pasted.body)).toContain('Acme: 20 Nov 2026, 14:05 UTC against 1 Oct 2026, 09:30 UTC');

    const example = await new DemoResults().resultOf(DEMO_COMPANIES.find((company) => company.slug === 'lumenfield')!);
    const withExample = await t.app.inject({ method: 'GET', url: `/compare?a=${now.id}&b=${example.id}` });
    expect(withExample.statusCode).toBe(200);
    expect(text(withExample.body)).toContain('Acme against Lumenfield');
    expect(withExample.body).toContain('href="/demo/lumenfield#dimension-market_intelligence"');
  });

  it('offers the ways to choose the second result, with a member’s own scores, and the coach on their own comparison', async () => {
    const claims = { sub: 'compare_owner' };
    const accountId = await caller(t, claims).accountId();
    const ours = await storeResult(t, { accountId, companyName: 'Ourco', url: 'https://ourco.example/' });
    const theirs = await storeResult(t, { accountId, companyName: 'Theirco', url: 'https://theirco.example/' });
    const cookies = { __session: await t.token(claims) };
    const chooser = await t.app.inject({ method: 'GET', url: `/compare?a=${ours.id}`, cookies });
    expect(chooser.statusCode).toBe(200);
    expect(chooser.headers['cache-control']).toBe('private, no-store');
    const page = text(chooser.body);
    expect(page).toContain('Compare Ourco');
    expect(chooser.body).toContain(`href="/compare?a=${ours.id}&amp;b=${theirs.id}"`);
    expect(page).toContain('Or an example');
    const compared = await t.app.inject({ method: 'GET', url: `/compare?a=${ours.id}&b=${theirs.id}`, cookies });
    expect(compared.body).toContain(`href="/app/coach?result=${ours.id}&amp;compare=${theirs.id}"`);
    // Another account's member sees the comparison, without the coach.
    const other = await t.app.inject({
      method: 'GET',
      url: `/compare?a=${ours.id}&b=${theirs.id}`,
      cookies: { __session: await t.token({ sub: 'compare_stranger' }) },
    });
    expect(text(other.body)).not.toContain('Ask the coach about this comparison');
  });

  it('says which side names no result, with 404, keeping the rest of the form', async () => {
    const ours = await storeResult(t, { companyName: 'Acme' });
    const unknown = await t.app.inject({ method: 'GET', url: `/compare?a=${ours.id}&b=2f1c2a9e-5b7d-4c1e-9a2b-1d2e3f4a5b6c` });
    expect(unknown.statusCode).toBe(404);
    expect(text(unknown.body)).toContain('No result has that link: it may be mistyped, or its account was deleted.');
    const nonsense = await t.app.inject({ method: 'GET', url: `/compare?a=${ours.id}&b=acme` });
    expect(nonsense.statusCode).toBe(404);
    expect(text(nonsense.body)).toContain('"acme" is not a result\'s link or id.');
    expect(nonsense.body).toContain(`name="a" value="${ours.id}"`);
  });
});
