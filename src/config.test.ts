import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_IDENTITY_ISSUER, EnvironmentSchema, loadConfig } from './config.ts';

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

  it("requires the provider's keys and Backend API with its Frontend API, and takes them together", () => {
    const external = { IDENTITY_JWKS_URL: 'https://idp.test/jwks', IDENTITY_ISSUER: 'https://idp.test' };
    let problems: string[] = [];
    try {
      loadConfig({ IDENTITY_FRONTEND_API_URL: 'https://clerk.idp.test' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['IDENTITY_API_URL', 'IDENTITY_JWKS_URL', 'IDENTITY_SECRET_KEY']);
    expect(loadConfig(external).identity.sessions).toBeNull();
    const config = loadConfig({
      ...external,
      IDENTITY_FRONTEND_API_URL: 'https://clerk.idp.test/',
      IDENTITY_API_URL: 'https://api.idp.test',
      IDENTITY_SECRET_KEY: 'sk_test_1',
    });
    expect(config.identity.sessions).toEqual({ frontendApiUrl: 'https://clerk.idp.test', apiUrl: 'https://api.idp.test', secretKey: 'sk_test_1' });
  });

  it('checks the language-model variables even while LLM_BASE_URL is unset', () => {
    expect(() => loadConfig({ LLM_TIMEOUT_MS: 'soon' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(loadConfig({ LLM_MODEL: 'other-model' }).llm).toBeNull();
    expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'other-model' }).llm).toMatchObject({
      model: 'other-model',
      timeoutMs: 20_000,
      apiKey: null,
    });
  });

  describe('the development identity provider and the local payment provider off loopback', () => {
    const external = { IDENTITY_JWKS_URL: 'https://idp.test/jwks', IDENTITY_ISSUER: 'https://idp.test' };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', PAYMENT_WEBHOOK_SECRET: 'whsec_1' };

    it('are refused when HOST is not a loopback address, naming the variables to set', () => {
      for (const HOST of ['0.0.0.0', '::', '10.1.2.3', 'app.internal']) {
        let error: unknown;
        try {
          loadConfig({ HOST });
        } catch (e) {
          error = e;
        }
        expect(error, HOST).toBeInstanceOf(ConfigError);
        const problems = (error as ConfigError).problems;
        expect(
          problems.some((p) => p.startsWith('IDENTITY_JWKS_URL:') && p.includes('ALLOW_LOCAL_PROVIDERS=true')),
          HOST,
        ).toBe(true);
        expect(
          problems.some((p) => p.startsWith('STRIPE_SECRET_KEY:') && p.includes('ALLOW_LOCAL_PROVIDERS=true')),
          HOST,
        ).toBe(true);
      }
      expect(() => loadConfig({ HOST: '0.0.0.0', ...external })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ HOST: '0.0.0.0', ...external })).not.toThrow(/IDENTITY_JWKS_URL/);
      expect(() => loadConfig({ HOST: '0.0.0.0', ...stripe })).toThrow(/IDENTITY_JWKS_URL/);
    });

    it('are accepted on a loopback address, with real providers, or with ALLOW_LOCAL_PROVIDERS=true', () => {
      for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1', 'localhost']) expect(loadConfig({ HOST }).host).toBe(HOST);
      expect(loadConfig({ HOST: '0.0.0.0', ...external, ...stripe }).host).toBe('0.0.0.0');
      expect(loadConfig({ HOST: '0.0.0.0', ALLOW_LOCAL_PROVIDERS: 'true' }).host).toBe('0.0.0.0');
      expect(() => loadConfig({ HOST: '0.0.0.0', ALLOW_LOCAL_PROVIDERS: 'yes' })).toThrow(/ALLOW_LOCAL_PROVIDERS: expected true or false/);
    });
  });

  it('never prints a database password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'http://admin:hunter2@db:5432/x' })).toThrow(/admin:\*\*\*@/);
    expect(() => loadConfig({ DATABASE_URL: 'http://admin:hunter2@db:5432/x' })).not.toThrow(/hunter2/);
  });

  it('takes numbers and booleans only as written out exactly', () => {
    expect(loadConfig({ PORT: ' 8080 ', ALLOW_LOCAL_PROVIDERS: 'false' })).toMatchObject({ port: 8080, host: '127.0.0.1' });
    for (const PORT of ['1.5', '0x10', '1e3', 'true'])
      expect(() => loadConfig({ PORT }), PORT).toThrow(`PORT: expected a whole number from 0 to 65535, got "${PORT}"`);
    for (const value of ['TRUE', '1', 'yes'])
      expect(() => loadConfig({ ALLOW_LOCAL_PROVIDERS: value }), value).toThrow(`ALLOW_LOCAL_PROVIDERS: expected true or false, got "${value}"`);
    expect(() => loadConfig({ LOG_LEVEL: 'chatty' })).toThrow('LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "chatty"');
    expect(() => loadConfig({ DATABASE_SCHEMA: 'Tenant' })).toThrow('DATABASE_SCHEMA: expected a lower-case SQL identifier, got "Tenant"');
  });

  it('refuses a TRUST_PROXY entry that is neither an address nor a CIDR range', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,192.168.1.2' }).trustProxy).toEqual(['10.0.0.0/8', '::1', '192.168.1.2']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.internal' })).toThrow('TRUST_PROXY: expected addresses or CIDR ranges, got "proxy.internal"');
  });

  it('describes every variable in its schema', () => {
    const undescribed = Object.entries(EnvironmentSchema.properties).filter(([, schema]) => !('description' in schema && schema.description));
    expect(undescribed.map(([name]) => name)).toEqual([]);
  });

  it('parses lists and mappings', () => {
    const config = loadConfig({ CRAWL_ALLOWLIST: 'a.test, b.test:8080 ,', IDENTITY_ROLE_MAP: 'org:billing=admin', PAYMENT_WEBHOOK_SECRET: 'whsec_1,whsec_2' });
    expect(config.crawl.allowlist).toEqual(['a.test', 'b.test:8080']);
    expect(config.identity.roleMap).toEqual({ 'org:billing': 'admin' });
    expect(config.payments.webhookSecrets).toEqual(['whsec_1', 'whsec_2']);
    expect(loadConfig({ PAYMENT_PRICE_IDS: 'price_1=pro, price_2 = pack_small' }).payments.priceIds).toEqual({ price_1: 'pro', price_2: 'pack_small' });
    expect(() => loadConfig({ PAYMENT_PRICE_IDS: 'price_1=gold' })).toThrow(/PAYMENT_PRICE_IDS: expected entries "<name>=<pro\|business/);
  });

  it("reads the local provider's prices in the currency's main unit over the defaults, and refuses a malformed one by name", () => {
    expect(loadConfig({}).payments).toMatchObject({
      localCurrency: 'usd',
      localPrices: { pro: 4_900, business: 14_900, enterprise: 49_900, pack_small: 2_900, pack_medium: 5_900, pack_large: 14_900 },
    });
    const set = loadConfig({ PAYMENT_LOCAL_PRICES: 'pro=39.50, pack_large = 120', PAYMENT_LOCAL_CURRENCY: 'EUR' }).payments;
    expect(set).toMatchObject({ localCurrency: 'eur', localPrices: { pro: 3_950, business: 14_900, pack_large: 12_000 } });
    expect(() => loadConfig({ PAYMENT_LOCAL_PRICES: 'gold=10' })).toThrow(/PAYMENT_LOCAL_PRICES: expected entries "<pro\|business/);
    expect(() => loadConfig({ PAYMENT_LOCAL_PRICES: 'pro=forty' })).toThrow(/PAYMENT_LOCAL_PRICES/);
    expect(() => loadConfig({ PAYMENT_LOCAL_CURRENCY: 'dollars' })).toThrow(/PAYMENT_LOCAL_CURRENCY/);
  });
});
