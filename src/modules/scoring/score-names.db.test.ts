/**
 * ScoringService.scoreNames: the account's newest results by address and
 * company name (what a coach question may name), against the full history.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { scoringResults } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function accountOf(sub: string): Promise<string> {
  const headers = await t.authHeaders({ sub });
  return (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().id as string;
}

async function storeAt(accountId: string, url: string, companyName: string | null, createdAt: Date): Promise<string> {
  const id = crypto.randomUUID();
  const result = { totalScore: 40, stageName: 'Structured', ...(companyName === null ? {} : { companyName }) };
  await t.database.db.insert(scoringResults).values({ id, accountId, productId: null, url, result: result as never, createdAt });
  return id;
}

describe('ScoringService.scoreNames', () => {
  it("lists the account's newest results by address and company name, the same ones as its history, and no other account's", async () => {
    const accountId = await accountOf('score_names_owner');
    const other = await accountOf('score_names_other');
    const start = Date.parse('2026-03-01T00:00:00.000Z');
    const ids = [];
    for (const [index, name] of ['Rival', null, 'Acme', 'Burrowly'].entries()) {
      ids.push(await storeAt(accountId, `https://site${index}.example/`, name, new Date(start + index * 60_000)));
    }
    await storeAt(other, 'https://elsewhere.example/', 'Elsewhere', new Date(start + 10 * 60_000));

    const names = await t.services.scoring.scoreNames(accountId, 3);
    expect(names).toEqual([
      { id: ids[3], url: 'https://site3.example/', companyName: 'Burrowly' },
      { id: ids[2], url: 'https://site2.example/', companyName: 'Acme' },
      { id: ids[1], url: 'https://site1.example/', companyName: null },
    ]);
    const history = await t.services.scoring.history(accountId, { limit: 3 });
    expect(names.map((name) => name.id)).toEqual(history.map((summary) => summary.id));
    expect(await t.services.scoring.scoreNames(crypto.randomUUID(), 3)).toEqual([]);
  });
});
