/**
 * Two instances sharing one database, each with its own in-process caches
 * (the callers it resolved, the billing records its admission gate charges
 * against). What one instance changes, the other honours at once where a
 * credit is charged, and within RESOLVED_CALLER_TTL_MS for who a caller is
 * (docs/DECISIONS.md, "Performance (issue 11)"). Instance b runs on a clock
 * the test moves; both trust the same development identity provider, and
 * each is sent tokens issued at its own time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.ts';
import type { DevTokenClaims } from '../src/identity/dev-identity.ts';
import { RESOLVED_CALLER_TTL_MS } from '../src/modules/accounts/account-service.ts';
import { accountIdOf, subscribe } from './fakes/payment-webhook-client.ts';
import { fixtureResult } from './fixtures/coach-result.ts';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from './harness.ts';

const clockB = new ManualClock(new Date());
let database: TestDatabase;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await startTestApp({ database });
  b = await startTestApp({ database, clock: clockB, env: { DATA_DIR: a.config.dataDir } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.drop();
});

const question = JSON.stringify({ messages: [{ role: 'user', content: 'What are our biggest gaps?' }], result: fixtureResult() });
const chat = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({ method: 'POST', url: '/api/chat', headers: { ...headers, 'content-type': 'application/json' }, payload: question });
const getAccount = (app: TestApp, headers: Record<string, string>) => app.app.inject({ method: 'GET', url: '/api/account', headers });
/** The same caller's credentials for each instance. */
const caller = async (claims: DevTokenClaims) => ({ a: await a.authHeaders(claims), b: await b.authHeaders(claims) });

const FREE_CHAT_MESSAGES_USED_UP = 'The Free plan allows 30 chat messages per billing period, and all are used.';

describe('caches of two instances sharing a database', () => {
  it('charges a chat against the plan as it is now, whichever instance (or operator) changed it', async () => {
    const headers = (await caller({ sub: 'ic_plan' })).b;
    const accountId = await accountIdOf(a, { sub: 'ic_plan' });
    // b reads the Free record, and charges the rest of the Free allowance's messages against it.
    expect((await chat(b, headers)).statusCode).toBe(200);
    const { period } = await b.services.billing.entitlementOf(accountId);
    await database.handle.db.execute(sql`
      UPDATE usage_counters SET chat_messages_used = 30 WHERE account_id = ${accountId} AND period_start = ${period.start.toISOString()}`);
    const refused = await chat(b, headers);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toBe(FREE_CHAT_MESSAGES_USED_UP);

    // The upgrade's payment event reaches a only; b's next chat is charged against Pro.
    await subscribe(a, accountId, 'pro');
    expect((await chat(b, headers)).statusCode).toBe(200);

    // Back to Free behind both instances' backs: b's next chat is refused against Free, not admitted against Pro.
    await database.handle.db.execute(sql`UPDATE billing_accounts SET plan = 'free', provider_subscription_id = NULL WHERE account_id = ${accountId}`);
    const downgraded = await chat(b, headers);
    expect(downgraded.statusCode).toBe(402);
    expect(downgraded.json().error.message).toBe(FREE_CHAT_MESSAGES_USED_UP);
  });

  it('refuses a caller erased on the other instance: at once where a credit is charged, on every route within the TTL', async () => {
    const headers = await caller({ sub: 'ic_erased' });
    await accountIdOf(a, { sub: 'ic_erased' });
    expect((await getAccount(b, headers.b)).statusCode).toBe(200);
    expect((await chat(b, headers.b)).statusCode).toBe(200);

    const erased = await a.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: headers.a, payload: { confirmation: 'DELETE' } });
    expect(erased.statusCode).toBe(200);
    const charged = await chat(b, headers.b);
    expect(charged.statusCode).toBe(404);
    expect(charged.json()).toMatchObject({ code: 'ACCOUNT_DELETED' });

    clockB.advance(RESOLVED_CALLER_TTL_MS);
    const read = await getAccount(b, await b.authHeaders({ sub: 'ic_erased' }));
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'ACCOUNT_DELETED' });
  });

  it('moves a seat taken on the other instance within the TTL', async () => {
    const memberClaims = { sub: 'ic_member', account: 'org_ic_seat', role: 'member' } as const;
    const member = await caller(memberClaims);
    // The first member of a Free organisation holds its one seat, on b, twice (the second time as b remembers it).
    expect((await getAccount(b, member.b)).statusCode).toBe(200);
    expect((await getAccount(b, member.b)).statusCode).toBe(200);

    // The owner arrives through a and takes the seat: a decides the member's seat again at once.
    expect((await getAccount(a, await a.authHeaders({ sub: 'ic_owner', account: 'org_ic_seat', role: 'owner' }))).statusCode).toBe(200);
    expect((await getAccount(a, member.a)).statusCode).toBe(402);

    clockB.advance(RESOLVED_CALLER_TTL_MS);
    const refused = await getAccount(b, await b.authHeaders(memberClaims));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('PLAN_LIMIT_REACHED');
  });

  it("takes a removed admin's rights at once on the other instance, and a removed member's within the TTL (issue 24)", async () => {
    const owner = await caller({ sub: 'ic_rm_owner', account: 'org_ic_rm', role: 'owner' });
    const accountId = (await getAccount(a, owner.a)).json().id;
    await subscribe(a, accountId, 'pro');
    const adminClaims = { sub: 'ic_rm_admin', account: 'org_ic_rm', role: 'admin' } as const;
    const memberClaims = { sub: 'ic_rm_member', account: 'org_ic_rm', role: 'member' } as const;
    const admin = await b.authHeaders(adminClaims);
    const member = await b.authHeaders(memberClaims);
    // Both are known to b, twice each: whatever b remembers of them, it remembers now.
    for (let i = 0; i < 2; i++) {
      expect((await getAccount(b, admin)).statusCode).toBe(200);
      expect((await getAccount(b, member)).statusCode).toBe(200);
    }

    for (const userId of ['ic_rm_admin', 'ic_rm_member']) {
      expect((await a.app.inject({ method: 'DELETE', url: `/api/account/members/${userId}`, headers: owner.a })).statusCode).toBe(200);
    }
    const rename = await b.app.inject({ method: 'PUT', url: '/api/account', headers: admin, payload: { name: 'Renamed by a removed admin' } });
    expect(rename.statusCode).toBe(403);
    expect((await getAccount(a, owner.a)).json().name).not.toBe('Renamed by a removed admin');

    clockB.advance(RESOLVED_CALLER_TTL_MS);
    const refused = await getAccount(b, await b.authHeaders(memberClaims));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You were removed from this account.');
  });
});
