/** What the logs must never hold: local checkout session tokens, and the values bound to a failed query. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** Every line the app logs, parsed. */
class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  write(line: string): void {
    this.lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  text(): string {
    return this.lines.map((line) => JSON.stringify(line)).join('\n');
  }
  clear(): void {
    this.lines.length = 0;
  }
}

let t: TestApp;
const logs = new LogCapture();
beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream: logs });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('mask the local checkout session token in the logged address, keeping the route', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/checkout',
      headers: await t.authHeaders({ sub: 'log_checkout_user' }),
      payload: { plan: 'pro' },
    });
    expect(started.statusCode).toBe(200);
    const address = new URL(started.json().url as string);
    const token = address.searchParams.get('session')!;
    expect(token.length).toBeGreaterThan(20);
    logs.clear();

    const page = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(page.statusCode).toBe(200);
    // The same token under a percent-encoded parameter name reaches the same route.
    const encoded = await t.app.inject({ method: 'GET', url: `${address.pathname}?sess%69on=${token}` });
    expect(encoded.statusCode).toBe(200);

    const urls = logs.lines.filter((line) => line.msg === 'request completed').map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual(['/payment/local-checkout?session=[redacted]', '/payment/local-checkout?sess%69on=[redacted]']);
    expect(logs.text()).not.toContain(token);
    // Nor any recognisable part of it: the signature, or the encoded session.
    for (const part of token.split('.')) expect(logs.text()).not.toContain(part.slice(0, 16));
  });

  it('hold no credential or cookie: neither the bearer token, nor a cookie sent, nor one set', async () => {
    const headers = await t.authHeaders({ sub: 'log_header_user' });
    const bearer = String(headers.authorization).replace(/^Bearer /, '');
    logs.clear();
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { ...headers, cookie: 'ms_session=cookie-value-7f3a9c' } });
    expect(account.statusCode).toBe(200);
    // A page with a form sets its CSRF cookie.
    const page = await t.app.inject({ method: 'GET', url: '/try' });
    const setCookie = String(page.headers['set-cookie']);
    expect(setCookie).toMatch(/=[^;]{16,}/);

    const completed = logs.lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => (line.req as { url: string }).url)).toEqual(['/api/account', '/try']);
    expect(completed.map((line) => line.res)).toEqual([{ statusCode: 200 }, { statusCode: page.statusCode }]);
    for (const secret of [bearer.split('.')[2]!, 'cookie-value-7f3a9c', /=([^;]+)/.exec(setCookie)![1]!]) expect(logs.text()).not.toContain(secret);
  });
});

describe('database error logs', () => {
  it('keep the SQL text and its code but none of the values bound to it', async () => {
    const headers = await t.authHeaders({ sub: 'log_db_user' });
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers });
    expect(account.statusCode).toBe(200);
    const accountId = account.json().id as string;
    // An injected fault: the database refuses this one name, so the rename fails inside its query.
    await t.database.db.execute(sql.raw(`ALTER TABLE accounts ADD CONSTRAINT log_test_refuses_name CHECK (name NOT LIKE '%Quokka%')`));
    const freeText = 'Quokka Holdings private-note-5c1e';
    logs.clear();

    const response = await t.app.inject({ method: 'PUT', url: '/api/account', headers, payload: { name: freeText } });
    expect(response.statusCode).toBe(500);

    const failure = logs.lines.find((line) => line.msg === 'unhandled error');
    expect(failure, logs.text()).toBeDefined();
    const err = failure!.err as Record<string, unknown>;
    expect(err.code).toBe('23514');
    expect(err.constraint).toBe('log_test_refuses_name');
    expect(err.query).toMatch(/^update "accounts" set "name" = \$1 where "accounts"\."id" = \$2/);
    expect(err.message).toContain('update "accounts" set "name" = $1');
    expect(err.message).toContain('violates check constraint "log_test_refuses_name"');
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err).not.toHaveProperty('params');
    expect(err).not.toHaveProperty('detail');

    const logged = logs.text();
    expect(logged).toContain('PUT');
    expect(logged).toContain('/api/account');
    expect(logged).not.toContain('Quokka');
    expect(logged).not.toContain('private-note-5c1e');
    expect(logged).not.toContain(accountId);
  });
});
