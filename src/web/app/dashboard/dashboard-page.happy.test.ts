/**
 * GET /app: an empty account gets the first-run path; an account with
 * scores sees each product with its latest score and the move since the one
 * before, the scores without a product, and its usage as labelled meters
 * with the numbers of GET /api/usage and the reset date.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { longDay } from './score-dates.ts';

let t: TestApp;
let site: ServedSite;
beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({ env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await site.close();
});

type Claims = { sub: string; account?: string; role?: 'owner' | 'admin' | 'member' };
const dashboard = async (claims: Claims) => t.app.inject({ method: 'GET', url: '/app', cookies: { __session: await t.token(claims) } });
const api = async (claims: Claims, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: await t.authHeaders(claims), ...(payload ? { payload } : {}) });
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

describe('GET /app', () => {
  it('gives an empty account the first-run path: the form to score a first site, what happens next, and the usage', async () => {
    const claims = { sub: 'dashboard_first_run' };
    const response = await dashboard(claims);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = textOf(response.body);
    expect(text).toContain('Score your first site');
    expect(text).toContain('What happens next');
    expect(response.body).toContain('data-new-score="true" data-mode="product"');
    expect(response.body).toMatch(/<script type="module" src="\/assets\/dashboard\.js\?v=[^"]+"><\/script>/);
    const usage = (await api(claims, 'GET', '/api/usage')).json();
    expect(text).toContain(`Resets on ${longDay(usage.periodEnd)}`);
    expect(text).toContain(`0 of ${usage.credits.limit} credits used, ${usage.credits.limit} left`);
    expect(text).toContain(`0 of ${usage.scores.limit} scores used`);
    expect(text).toContain(`0 of ${usage.chatMessages.limit} messages used`);
    expect(text).toContain(`1 of ${usage.seats.limit} seats used, 0 left`);
    // Each meter is named by its label and described by its numbers.
    const meters = [...response.body.matchAll(/<meter [^>]*aria-labelledby="(meter-[a-z]+-label)"[^>]*>/g)].map((m) => m[1]);
    expect(meters).toEqual(['meter-credits-label', 'meter-scores-label', 'meter-chat-label', 'meter-seats-label']);
    for (const id of meters) expect(response.body).toContain(`id="${id}"`);
  });

  it('lists each product with its latest score and the move since, the scores without a product, and the usage they took', async () => {
    const claims = { sub: 'dashboard_filled' };
    const product = (await api(claims, 'POST', '/api/products', { name: 'Burrowly', url: `${site.origin}/` })).json();
    const first = (await api(claims, 'POST', '/api/score/product', { productId: product.id })).json();
    const second = (await api(claims, 'POST', '/api/score/product', { productId: product.id })).json();
    const bare = (await api(claims, 'POST', '/api/score', { url: `${site.origin}/`, companyName: 'Burrowly once' })).json();
    const response = await dashboard(claims);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    const text = textOf(body);
    expect(text).not.toContain('Score your first site');
    const card = body.slice(body.indexOf(`data-product-id="${product.id}"`), body.indexOf('</li>', body.indexOf(`data-product-id="${product.id}"`)));
    expect(card).toContain(`href="/app/products/${product.id}"`);
    expect(card).toContain(`href="/r/${second.id}"`);
    expect(card).toContain(`href="/app/coach?result=${second.id}"`);
    expect(textOf(card)).toContain(`${second.totalScore} of 108`);
    // The same site twice: the same total, said as such, with the one before.
    expect(textOf(card)).toMatch(new RegExp(`Unchanged since \\d+ [A-Z][a-z]+ \\(${first.totalScore}\\)`));
    expect(card).toContain('Rescore');
    // The score of a bare address is listed apart.
    expect(text).toContain('Other scores');
    expect(body).toContain(`href="/r/${bare.id}"`);
    expect(text).toContain('Burrowly once');
    // Three scores used: 30 of the Free plan's 80 credits.
    expect(text).toContain('30 of 80 credits used, 50 left');
    expect(text).toContain('3 of 3 scores used, 0 left');
    // The Free plan's one product is in use: a new address is scored once.
    expect(body).toContain('data-mode="once"');
    expect(text).toContain("Your plan's one product is in use");
  });

  it('labels a quick score among the other scores, with the way to the full score, and a full one not at all', async () => {
    const claims = { sub: 'dashboard_depths' };
    const full = (await api(claims, 'POST', '/api/score', { url: `${site.origin}/`, companyName: 'Burrowly full' })).json();
    const quick = (await api(claims, 'POST', '/api/score/quick', { url: `${site.origin}/`, companyName: 'Burrowly quick' })).json();
    expect([full.depth, quick.depth]).toEqual(['full', 'quick']);
    const body = (await dashboard(claims)).body;
    const rowOf = (id: string) => {
      const link = body.indexOf(`href="/r/${id}"`);
      return body.slice(body.lastIndexOf('<tr>', link), body.indexOf('</tr>', link));
    };
    expect(textOf(rowOf(quick.id))).toContain(`Quick score: ${quick.crawlStats.pagesAnalyzed} pages read`);
    expect(rowOf(quick.id)).toContain(`href="/try?url=${encodeURIComponent(`${site.origin}/`)}"`);
    expect(rowOf(full.id)).not.toContain('data-quick-score');
    expect(rowOf(full.id)).not.toContain('/try?url=');
  });

  it('shows a member the score actions, but not the billing links an owner has', async () => {
    const owner = { sub: 'dashboard_owner', account: 'org_dashboard', role: 'owner' as const };
    const member = { sub: 'dashboard_member', account: 'org_dashboard', role: 'member' as const };
    await subscribe(t, await accountIdOf(t, owner), 'pro');
    await api(owner, 'POST', '/api/products', { name: 'Shared', url: `${site.origin}/` });
    const ownerPage = await dashboard(owner);
    expect(ownerPage.body).toContain('href="/app/settings/billing"');
    expect(ownerPage.body).toContain('data-may-manage-billing="true"');
    const memberPage = await dashboard(member);
    expect(memberPage.statusCode).toBe(200);
    expect(memberPage.body).toContain('data-new-score="true"');
    expect(memberPage.body).toContain('data-rescore="true"');
    expect(memberPage.body).not.toContain('href="/app/settings/billing"');
    expect(memberPage.body).toContain('data-may-manage-billing="false"');
  });
});
