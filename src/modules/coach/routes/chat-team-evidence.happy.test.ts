/**
 * The coach cites the team's own evidence (issue 27): a question about
 * delivery on a score of the account's own product is answered with the
 * figure its tools measured (here pushed with POST /api/signals) and with
 * the team's note on it, marked as self-reported; a dimension nothing was
 * measured or said about gets no such line.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { postSse } from '../../../../test/sse-client.ts';

let t: TestApp;
let base: string;
let site: ServedSite;
let owner: Record<string, string>;
let resultId: string;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({ env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
  base = await t.listen();
  owner = await t.authHeaders({ sub: 'coach_evidence_owner', account: 'org_coach_evidence', role: 'owner' });
  const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().id;
  const created = await t.services.products.create(accountId, { name: 'Burrowly', url: site.origin }, async () => null);
  if (!created.ok) throw new Error('product not created');
  const productId = created.product.id;
  const pushed = await t.app.inject({
    method: 'POST',
    url: '/api/signals',
    headers: owner,
    payload: { signals: [{ type: 'github.pr_cycle_time_hours', value: 18, observedAt: '2026-11-20T12:00:00Z', productId }] },
  });
  expect(pushed.statusCode).toBe(201);
  const noted = await t.app.inject({
    method: 'POST',
    url: '/api/team-notes',
    headers: owner,
    payload: { productId, dimensionId: 'delivery_velocity', body: 'We deploy on every merge to main.' },
  });
  expect(noted.statusCode).toBe(201);
  const scored = await t.app.inject({ method: 'POST', url: '/api/score/product', headers: owner, payload: { productId } });
  expect(scored.statusCode).toBe(200);
  resultId = scored.json().id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const ask = (question: string, headers = owner) => postSse(`${base}/api/chat`, { messages: [{ role: 'user', content: question }], resultId }, { headers });

describe('the coach and the team evidence', () => {
  it('answers a question about delivery with the measured figure and the team note, marked as self-reported', async () => {
    const transcript = await ask('How is our delivery?');
    expect(transcript.status).toBe(200);
    expect(transcript.text).toContain("Your tools measure: median PR cycle time 18 h, reported 2026-11-20 (level 4 on DORA's bands).");
    expect(transcript.text).toContain('Your team reports “We deploy on every merge to main.”: self-reported');
  });

  it('says nothing of the tools where they measured nothing', async () => {
    const transcript = await ask('How can we improve our pricing?');
    expect(transcript.status).toBe(200);
    expect(transcript.text).not.toContain('Your tools measure');
    expect(transcript.text).not.toContain('Your team reports');
  });

  it('keeps the evidence inside the account: another account asking about the result hears none of it', async () => {
    const stranger = await t.authHeaders({ sub: 'coach_evidence_stranger', account: 'org_coach_stranger', role: 'owner' });
    const transcript = await ask('How is our delivery?', stranger);
    expect(transcript.status).toBe(200);
    expect(transcript.text).not.toContain('median PR cycle time');
    expect(transcript.text).not.toContain('We deploy on every merge');
  });
});
