import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_IDENTITY_ISSUER, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives a working embedded configuration with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: path.resolve('./data'),
      redisUrl: null,
      llm: null,
      identity: { jwksUrl: null, issuer: DEV_IDENTITY_ISSUER },
      payments: { stripeSecretKey: null },
      crawl: { maxPages: 25, maxPageBytes: 2 * 1024 * 1024, deadlineMs: 20_000, maxRedirects: 5, concurrency: 6 },
    });
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
  });

  it('names every malformed variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CRAWL_MAX_PAGES: '0', LOG_LEVEL: 'chatty', IDENTITY_ROLE_MAP: 'org:admin=god' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'CRAWL_MAX_PAGES', 'LOG_LEVEL', 'IDENTITY_ROLE_MAP']) expect(problems).toContain(name);
  });

  it('requires the issuer with an external JWKS, and the webhook secret with Stripe', () => {
    expect(() => loadConfig({ IDENTITY_JWKS_URL: 'https://idp.test/jwks' })).toThrow(/IDENTITY_ISSUER/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/PAYMENT_WEBHOOK_SECRET/);
  });

  it('never prints a database password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'http://admin:hunter2@db:5432/x' })).toThrow(/admin:\*\*\*@/);
    expect(() => loadConfig({ DATABASE_URL: 'http://admin:hunter2@db:5432/x' })).not.toThrow(/hunter2/);
  });

  it('parses lists and mappings', () => {
    const config = loadConfig({ CRAWL_ALLOWLIST: 'a.test, b.test:8080 ,', IDENTITY_ROLE_MAP: 'org:billing=admin', PAYMENT_WEBHOOK_SECRET: 'whsec_1,whsec_2' });
    expect(config.crawl.allowlist).toEqual(['a.test', 'b.test:8080']);
    expect(config.identity.roleMap).toEqual({ 'org:billing': 'admin' });
    expect(config.payments.webhookSecrets).toEqual(['whsec_1', 'whsec_2']);
  });
});
