/**
 * The product page's goal and cadence forms refuse what the API refuses: an
 * account the trial left read-only gets the page again (403) with the API's
 * words, under the banner that says what lifts it, nothing set; another account's product is the 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { DAY } from '../../../../test/onboarding-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock('2026-11-20T12:00:00.000Z');
let t: TestApp;
const member = { sub: 'goals_form_read_only' };
const stranger = { sub: 'goals_form_stranger' };
let productId = '';
const CSRF = 'c'.repeat(43);
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

const post = async (claims: { sub: string }, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies: { __session: await t.token(claims), __csrf: CSRF },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf: CSRF, ...fields }).toString(),
  });

beforeAll(async () => {
  t = await startTestApp({ clock });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: await t.authHeaders(member),
    payload: { name: 'Burrowly', url: 'https://burrowly.example' },
  });
  expect(created.statusCode).toBe(201);
  productId = created.json().id;
});
afterAll(async () => {
  await t?.close();
});

describe('the goal and cadence forms, refused', () => {
  it("answers another account's product with the 404 page, nothing set", async () => {
    const refused = await post(stranger, `/app/products/${productId}/goals`, { dimensionId: 'market_intelligence', targetLevel: '3', dueDate: '2099-01-01' });
    expect(refused.statusCode).toBe(404);
    const schedule = await post(stranger, `/app/products/${productId}/schedule`, { cadence: 'weekly' });
    expect(schedule.statusCode).toBe(404);
    const goals = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/goals`, headers: await t.authHeaders(member) });
    expect(goals.json().goals).toEqual([]);
  });

  it("refuses a read-only account in the words of the API, under the page's banner on what lifts it", async () => {
    // Day 15 of the trial, onboarding incomplete: read-only.
    clock.advance(15 * DAY);
    const api = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/schedule`,
      headers: await t.authHeaders(member),
      payload: { cadence: 'weekly' },
    });
    expect(api.statusCode).toBe(403);
    const refused = await post(member, `/app/products/${productId}/schedule`, { cadence: 'weekly' });
    expect(refused.statusCode).toBe(403);
    const text = textOf(refused.body);
    expect(text).toContain(api.json().message);
    expect(text).toContain('This account is read-only The trial');
    const goal = await post(member, `/app/products/${productId}/goals`, { dimensionId: 'market_intelligence', targetLevel: '3', dueDate: '2099-01-01' });
    expect(goal.statusCode).toBe(403);
    const schedule = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/schedule`, headers: await t.authHeaders(member) });
    expect(schedule.json().cadence).toBe('off');
  });
});
