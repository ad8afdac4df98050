/**
 * After an erasure nothing keeps a raw identifier of the account or its
 * people (issue 24, item 9): not the audit log (its account_deleted entry
 * keeps a keyed uuid in place of the account id), not any other table, and
 * not the embedded mailer's .eml copies of their mail, which go after the
 * commit. Mail to an address another account still holds stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { mailDirectory } from '../../../mail/create-mailer.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const mail = (to: string) => ({ to, subject: 'Your account', text: `Hello ${to}`, html: `<p>Hello ${to}</p>`, category: 'account' as const });
const mailFiles = () => {
  const directory = mailDirectory(t.config.dataDir);
  return fs.existsSync(directory) ? fs.readdirSync(directory).map((file) => fs.readFileSync(path.join(directory, file), 'utf8')) : [];
};

/** Every table of the schema, with how many of its rows mention `text` anywhere (case-insensitive). */
async function rowsMentioning(text: string): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.database.db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`),
  ).map((row) => row.table_name);
  const found: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} t WHERE row_to_json(t)::text ILIKE ${`%${text}%`}`),
    );
    if (row!.n > 0) found[table] = row!.n;
  }
  return found;
}

describe('an erasure keeps no raw identifier', () => {
  it("in the audit log or any table, nor in the local mailer's copies of the mail", async () => {
    const owner = await t.authHeaders({ sub: 'erase_trace_owner', account: 'org_erase_trace', role: 'owner', email: 'gone@example.test' });
    const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().id as string;
    await t.app.inject({ method: 'PUT', url: '/api/account', headers: owner, payload: { name: 'Erase Trace Inc' } });
    // A member whose address another account also holds: that address's mail stays.
    for (const account of ['org_erase_trace', 'org_keeps_shared']) {
      await t.app.inject({
        method: 'GET',
        url: '/api/account',
        headers: await t.authHeaders({ sub: `shared_${account}`, account, role: 'owner', email: 'shared@example.test' }),
      });
    }
    await t.services.mailer.send(mail('gone@example.test'));
    await t.services.mailer.send(mail('Gone@Example.test'));
    await t.services.mailer.send(mail('shared@example.test'));
    expect(mailFiles()).toHaveLength(3);

    const erased = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
    expect(erased.statusCode).toBe(200);
    await t.services.jobRunner.runDue();

    // The account_deleted entry stands under a keyed uuid, not the account's id.
    const [entry] = rowsOf<{ account_id: string }>(
      await t.database.db.execute(sql`
        SELECT account_id FROM audit_log WHERE action = 'account_deleted' AND account_id =
          substr(encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':account:' || ${accountId}, 'UTF8')), 'hex'), 1, 32)::uuid`),
    );
    expect(entry!.account_id).not.toBe(accountId);
    for (const identifier of [accountId, 'org_erase_trace', 'erase_trace_owner', 'gone@example.test', 'Erase Trace Inc']) {
      expect(await rowsMentioning(identifier), identifier).toEqual({});
    }

    // The shared address's mail stays (the other account's welcome mail too, sent by the drain); none of the erased address.
    const kept = mailFiles();
    expect(kept.some((file) => file.includes('shared@example.test'))).toBe(true);
    expect(kept.filter((file) => /gone@example\.test/i.test(file))).toEqual([]);
  });
});
