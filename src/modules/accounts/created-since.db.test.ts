/** AccountService.createdSince: the accounts created from a time on, oldest first, paged by (created_at, id). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const clock = new ManualClock('2026-04-01T00:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const accountOf = async (sub: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account', headers: await t.authHeaders({ sub }) })).json().id as string;

describe('AccountService.createdSince', () => {
  it('lists the accounts created at or after the time, oldest first, a page at a time without repeats or gaps', async () => {
    const before = await accountOf('created_before');
    const since = new Date(clock.now().getTime() + 1000);
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      clock.advance(1000 * (index === 2 ? 0 : 1)); // two accounts share a creation time: the id breaks the tie
      ids.push(await accountOf(`created_${index}`));
    }
    const pages: string[][] = [];
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page = await t.services.accounts.createdSince(since, { after, limit: 2 });
      pages.push(page.map((row) => row.id));
      if (page.length < 2) break;
      after = page.at(-1);
    }
    const listed = pages.flat();
    expect(listed).not.toContain(before);
    expect([...listed].sort()).toEqual([...ids].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });
});
