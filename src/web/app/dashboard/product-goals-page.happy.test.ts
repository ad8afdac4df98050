/**
 * Goals and cadence on the product page and the dashboard (issue 28), through
 * the page's own forms as a browser without scripts posts them (form bodies,
 * the CSRF double submission): a goal added shows with its dimension, target,
 * due date, the level at the start and now, and on track or at risk; a form
 * with problems comes back with each field's in words; the cadence set shows
 * with its next run; the goal removed is gone.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let site: ServedSite;
const member = { sub: 'goals_page_member', account: 'org_goals_page', role: 'member' as const };
let productId = '';
let csrf = '';
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

const cookies = async () => ({ __session: await t.token(member), __csrf: csrf });
const page = async (url: string) => t.app.inject({ method: 'GET', url, cookies: await cookies() });
const post = async (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies: await cookies(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const goalsSection = (body: string) => body.slice(body.indexOf('id="goals"'), body.indexOf('</section>', body.indexOf('id="goals"')));

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({ env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
  const headers = await t.authHeaders(member);
  const created = await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: 'Burrowly', url: `${site.origin}/` } });
  productId = created.json().id;
  expect((await t.app.inject({ method: 'POST', url: '/api/score/product', headers, payload: { productId } })).statusCode).toBe(200);
  const first = await t.app.inject({ method: 'GET', url: `/app/products/${productId}`, cookies: { __session: await t.token(member) } });
  csrf = first.cookies.find((cookie) => cookie.name === '__csrf')!.value;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('goals and cadence on the product page', () => {
  it('adds a goal from the form, shown as GET /api/products/<id>/goals lists it, on the page and on the dashboard', async () => {
    const headers = await t.authHeaders(member);
    const result = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/scores`, headers })).json().scores[0];
    const scored = (await t.app.inject({ method: 'GET', url: `/api/score/${result.id}` })).json();
    const found = scored.dimensions.find((d: { score: number }) => d.score < 4);
    const dimension = { id: found.dimensionId as string, name: (found.dimensionName as string).replace(/&/g, '&amp;'), level: found.score as number };
    const added = await post(`/app/products/${productId}/goals`, {
      csrf,
      dimensionId: dimension.id,
      targetLevel: String(dimension.level + 1),
      dueDate: '2099-06-30',
    });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/app/products/${productId}#goals`);

    const [goal] = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/goals`, headers })).json().goals;
    expect(goal).toMatchObject({
      dimensionId: dimension.id,
      targetLevel: dimension.level + 1,
      dueDate: '2099-06-30',
      progress: { startLevel: dimension.level, currentLevel: dimension.level },
    });
    const standing = goal.onTrack ? 'On track' : 'At risk';
    const expected = `${dimension.name} : level ${dimension.level + 1} by 30 June 2099 ${standing} Started at level ${dimension.level}, now level ${dimension.level}.`;
    expect(textOf(goalsSection((await page(`/app/products/${productId}`)).body))).toContain(expected);
    expect(textOf((await page('/app')).body)).toContain(expected);
  });

  it('answers a form with problems with the page again, each field in words, nothing set', async () => {
    const refused = await post(`/app/products/${productId}/goals`, { csrf, dimensionId: 'nonsense', targetLevel: '9', dueDate: '2001-01-01' });
    expect(refused.statusCode).toBe(400);
    const section = goalsSection(refused.body);
    expect(section).toContain('<p class="field-error" id="goal-dimensionId-error">Choose the dimension the goal is for.</p>');
    expect(section).toContain('<p class="field-error" id="goal-targetLevel-error">Choose a target level from 1 to 4.</p>');
    expect(section).toContain('That day has passed: choose today or a later day.');
    expect(section).toMatch(/<input id="goal-dueDate"[^>]*value="2001-01-01"[^>]*aria-invalid="true"/);

    const expired = await post(`/app/products/${productId}/goals`, {
      csrf: 'x'.repeat(43),
      dimensionId: 'market_intelligence',
      targetLevel: '4',
      dueDate: '2099-01-01',
    });
    expect(expired.statusCode).toBe(403);
    expect(textOf(goalsSection(expired.body))).toContain('The form expired. Nothing was changed: try again.');
    const goals = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/goals`, headers: await t.authHeaders(member) })).json().goals;
    expect(goals).toHaveLength(1);
  });

  it('sets the cadence, shown with the next run on the page and the dashboard; removes the goal', async () => {
    expect((await post(`/app/products/${productId}/schedule`, { csrf, cadence: 'monthly' })).statusCode).toBe(303);
    const schedule = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/schedule`, headers: await t.authHeaders(member) })).json();
    expect(schedule.cadence).toBe('monthly');
    const body = (await page(`/app/products/${productId}`)).body;
    expect(body).toContain('<option value="monthly" selected>Monthly</option>');
    expect(textOf(goalsSection(body))).toMatch(/Rescored: monthly, next on \d+ \w+ \d{4} \./);
    expect(textOf((await page('/app')).body)).toMatch(/Rescored: monthly, next on/);

    const [goal] = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/goals`, headers: await t.authHeaders(member) })).json().goals;
    expect((await post(`/app/products/${productId}/goals/${goal.id}/remove`, { csrf })).statusCode).toBe(303);
    expect(textOf(goalsSection((await page(`/app/products/${productId}`)).body))).toContain('No goals yet.');
  });
});
