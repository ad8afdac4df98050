/**
 * EmailPreferences.prepare, the call a mail makes as it is about to be sent,
 * on the real database: suppression by category, the footer and headers,
 * one record per normalised address, tokens stored as hashes and aged out.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { ManualClock } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { EmailPreferences } from './email-preferences.ts';
import { TOKEN_AGE_MS } from './preference-token.ts';

const BASE = 'https://maturity.example';
const clock = new ManualClock('2026-03-01T09:00:00.000Z');
let database: TestDatabase;
let preferences: EmailPreferences;
beforeAll(async () => {
  database = await createTestDatabase();
  preferences = new EmailPreferences({ db: database.handle.db, clock, publicBaseUrl: BASE });
});
afterAll(() => database.drop());

const mail = (to: string, category: OutgoingMail['category']): OutgoingMail => ({
  to,
  subject: 'Your weekly digest',
  text: 'Scores this week.',
  html: '<p>Scores this week.</p>',
  category,
});

function tokenIn(prepared: OutgoingMail): string {
  return /token=([A-Za-z0-9_-]{43})/.exec(prepared.text)![1]!;
}

describe('EmailPreferences.prepare', () => {
  it('adds the footer and the one-click headers to a marketing mail, with a token that reads the state', async () => {
    const prepared = (await preferences.prepare(database.handle.db, mail('Digest.Reader@Example.com ', 'weekly_digest')))!;
    const token = tokenIn(prepared);
    expect(prepared.to).toBe('Digest.Reader@Example.com ');
    expect(prepared.html).toContain(`${BASE}/unsubscribe?token=${token}`);
    expect(prepared.headers).toEqual({
      'List-Unsubscribe': `<${BASE}/api/unsubscribe/one-click?token=${token}&category=weekly_digest>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await preferences.stateFor(token))?.email).toBe('digest.reader@example.com');
  });

  it('withholds a mail of a category the recipient opted out of, when it is about to be sent, and nothing else', async () => {
    const address = 'opted.out@example.com';
    const token = await preferences.tokenFor(database.handle.db, address);
    expect(await preferences.prepare(database.handle.db, mail(address, 'weekly_digest'))).not.toBeNull();
    await preferences.change(token, { optOut: ['weekly_digest'], optIn: [] });
    // The same address in other letter case is the same recipient.
    expect(await preferences.prepare(database.handle.db, mail('OPTED.OUT@example.com', 'weekly_digest'))).toBeNull();
    expect(await preferences.prepare(database.handle.db, mail(address, 'product_updates'))).not.toBeNull();
    await preferences.change(token, { optOut: [], optIn: ['weekly_digest'] });
    expect(await preferences.prepare(database.handle.db, mail(address, 'weekly_digest'))).not.toBeNull();
  });

  it('never withholds transactional mail, which carries the preference link but no List-Unsubscribe', async () => {
    const address = 'everything.off@example.com';
    const token = await preferences.tokenFor(database.handle.db, address);
    await preferences.change(token, {
      optOut: ['product_updates', 'ritual_emails', 'score_decay_reminders', 'peer_benchmark_updates', 'weekly_digest', 'anomaly_alerts'],
      optIn: [],
    });
    for (const category of ['account', 'billing', 'security'] as const) {
      const prepared = (await preferences.prepare(database.handle.db, mail(address, category)))!;
      expect(prepared, category).not.toBeNull();
      expect(prepared.headers).toEqual({});
      expect(prepared.text).toContain(`${BASE}/unsubscribe?token=`);
    }
  });

  it('keeps one record per address and only hashes of tokens; each mail gets a token of its own', async () => {
    const address = 'one.record@example.com';
    const first = await preferences.tokenFor(database.handle.db, address);
    const second = await preferences.tokenFor(database.handle.db, ` ${address.toUpperCase()}`);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const records = rowsOf<{ id: string }>(await database.handle.db.execute(sql`SELECT id FROM email_recipients WHERE email = ${address}`));
    expect(records).toHaveLength(1);
    const tokens = rowsOf<{ token_hash: string }>(
      await database.handle.db.execute(sql`SELECT token_hash FROM email_preference_tokens WHERE recipient_id = ${records[0]!.id}::uuid ORDER BY minted_at`),
    );
    const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
    expect(tokens.map((row) => row.token_hash).sort()).toEqual([sha(first), sha(second)].sort());
  });

  it('ages a token out a year after the mail that carried it, and forgets aged-out tokens when minting', async () => {
    const ageing = new ManualClock('2026-03-01T09:00:00.000Z');
    const own = new EmailPreferences({ db: database.handle.db, clock: ageing, publicBaseUrl: BASE });
    const old = await own.tokenFor(database.handle.db, 'ageing@example.com');
    ageing.advance(TOKEN_AGE_MS - 1000);
    expect(await own.stateFor(old)).not.toBeNull();
    ageing.advance(1000);
    expect(await own.stateFor(old)).toBeNull();
    expect(await own.change(old, { optOut: ['weekly_digest'], optIn: [] })).toBeNull();
    const fresh = await own.tokenFor(database.handle.db, 'ageing@example.com');
    expect((await own.stateFor(fresh))?.subscriptions.weekly_digest).toBe(true);
    const count = rowsOf<{ n: number }>(
      await database.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM email_preference_tokens t JOIN email_recipients r ON r.id = t.recipient_id WHERE r.email = 'ageing@example.com'`,
      ),
    );
    expect(count[0]!.n).toBe(1);
  });
});
