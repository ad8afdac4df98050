/**
 * The welcome interview writes team notes (issue 27): each goal that speaks
 * to a dimension becomes a note on it, for the product the interview names,
 * self-reported; answering again replaces those notes and leaves the team's
 * other notes be; a score of the product shows them beside the site, marked
 * self-reported and never moving a level; erasure leaves none.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, INTERVIEW } from '../../../../test/onboarding-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { rowsOf } from '../../../db/client.ts';

let t: TestApp;
let site: ServedSite;
beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({ env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

type Note = { productId: string | null; dimensionId: string | null; body: string; origin: string; selfReported: boolean };

describe('the welcome interview and team notes', () => {
  it('stores the goals that speak to a dimension as self-reported notes on it, replaced when answered again, erased with the account', async () => {
    const owner = caller(t, { sub: 'interview_notes_owner', account: 'org_interview_notes', role: 'owner' });
    const accountId = await owner.accountId();
    const created = await t.services.products.create(accountId, { name: 'Burrowly', url: site.origin }, async () => null);
    if (!created.ok) throw new Error('product not created');
    const productId = created.product.id;
    expect(
      (await owner.send('POST', '/api/team-notes', { productId, dimensionId: 'pricing_packaging', body: 'We test prices every quarter.' })).statusCode,
    ).toBe(201);

    const goals = ['Ship faster: we deploy every day', 'We interview five customers a week', 'Grow revenue next year'];
    expect((await owner.answerInterview({ ...INTERVIEW, goals, product: { name: 'burrowly' } })).statusCode).toBe(200);
    const notes = async (): Promise<Note[]> => (await owner.send('GET', `/api/team-notes?productId=${productId}`)).json().notes;
    const fromInterview = (await notes()).filter((note) => note.origin === 'interview');
    expect(
      fromInterview
        .map(({ productId: id, dimensionId, body, selfReported }) => ({ id, dimensionId, body, selfReported }))
        .sort((a, b) => a.body.localeCompare(b.body)),
    ).toEqual([
      { id: productId, dimensionId: 'delivery_velocity', body: 'Ship faster: we deploy every day', selfReported: true },
      { id: productId, dimensionId: 'research_discovery', body: 'We interview five customers a week', selfReported: true },
    ]);

    // A score of the product shows the interview's words beside the site, self-reported, without moving the level.
    const scored = await owner.send('POST', '/api/score/product', { productId });
    expect(scored.statusCode).toBe(200);
    const evidence = (await owner.send('GET', `/api/scores/${scored.json().id}/evidence`)).json();
    const delivery = evidence.dimensions.find((dimension: { dimensionId: string }) => dimension.dimensionId === 'delivery_velocity');
    expect(delivery.team).toContainEqual(expect.objectContaining({ kind: 'self-reported', origin: 'interview', body: 'Ship faster: we deploy every day' }));
    expect(delivery).toMatchObject({ levelFrom: 'site', level: delivery.site.level });

    // Answering again replaces the interview's notes; the notes field's stay.
    expect((await owner.answerInterview({ ...INTERVIEW, goals: ['Get our pricing right'], product: { name: 'Burrowly' } })).statusCode).toBe(200);
    expect((await notes()).map((note) => [note.origin, note.dimensionId, note.body]).sort()).toEqual([
      ['interview', 'pricing_packaging', 'Get our pricing right'],
      ['note', 'pricing_packaging', 'We test prices every quarter.'],
    ]);

    expect((await owner.send('DELETE', '/api/account/delete', { confirmation: 'DELETE' })).statusCode).toBe(200);
    const [left] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM tribal_notes WHERE account_id = ${accountId}`));
    expect(left!.n).toBe(0);
  });

  it('keeps a note for the whole account when the interview names a product the account does not have', async () => {
    const owner = caller(t, { sub: 'interview_notes_unnamed', account: 'org_interview_unnamed', role: 'owner' });
    expect((await owner.answerInterview({ ...INTERVIEW, goals: ['Ship faster'] })).statusCode).toBe(200);
    const notes: Note[] = (await owner.send('GET', '/api/team-notes')).json().notes;
    expect(notes.map(({ productId, dimensionId, origin }) => ({ productId, dimensionId, origin }))).toEqual([
      { productId: null, dimensionId: 'delivery_velocity', origin: 'interview' },
    ]);
  });
});
