/**
 * Environment -> typed, validated Config, parsed once at start. Every
 * variable has an embedded default so `npm start` works with no environment;
 * a malformed value stops the process with a message naming the variable.
 * README.md's table lists every variable; keep the two in step.
 */
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { CRAWL_DEFAULTS as CRAWL } from './crawl-defaults.ts';

export interface Config {
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  dataDir: string;
  /** PostgreSQL connection string; unset means embedded PGlite in dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (search_path); null means the server's default. */
  databaseSchema: string | null;
  publicBaseUrl: string;
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  /** Proxies whose X-Forwarded-For is believed: addresses or CIDRs; empty trusts none. */
  trustProxy: string[];
  identity: {
    /** External JWKS; null selects the built-in development identity provider. */
    jwksUrl: string | null;
    issuer: string;
    audience: string | null;
    authorizedParties: string[];
    /** Extra role mappings, provider role -> owner | admin | member. */
    roleMap: Record<string, string>;
    clockSkewSeconds: number;
    signInUrl: string | null;
  };
  redisUrl: string | null;
  rateLimitStoreTimeoutMs: number;
  crawl: {
    allowlist: string[];
    maxPages: number;
    maxPageBytes: number;
    requestTimeoutMs: number;
    deadlineMs: number;
    maxRedirects: number;
    concurrency: number;
    /** Crawls running at once in this instance. */
    maxActive: number;
    /** Crawls that may wait for a slot before new ones get 503. */
    queueLimit: number;
  };
  llm: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  payments: {
    stripeSecretKey: string | null;
    /** Overrides the Stripe API address (a local server speaking its protocol, for tests). */
    stripeApiBase: string | null;
    webhookSecrets: string[];
    /** Provider price id -> plan or pack key. */
    priceIds: Record<string, string>;
    graceDays: number;
  };
  outboxPollMs: number;
  /** Silence after which an event stream sends a heartbeat comment. */
  sseHeartbeatMs: number;
  /** How long an event stream may wait for its client to read before it is closed. */
  sseStallTimeoutMs: number;
}

/** The language-model settings, present only when LLM_BASE_URL is set. */
export type LlmConfig = NonNullable<Config['llm']>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/** The development webhook secret: the local payment provider signs with it; production must set its own. */
export const DEV_PAYMENT_WEBHOOK_SECRET = 'whsec_local_development_only';
export const DEV_IDENTITY_ISSUER = 'urn:maturity:dev-identity';

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);

  const port = read.integer('PORT', 3000, 0, 65535);
  const dataDir = path.resolve(read.string('DATA_DIR', './data'));
  const databaseUrl = read.optionalUrl('DATABASE_URL', ['postgres:', 'postgresql:']);
  const jwksUrl = read.optionalUrl('IDENTITY_JWKS_URL', ['http:', 'https:']);
  const issuer = read.optionalString('IDENTITY_ISSUER');
  if (jwksUrl && !issuer) problems.push('IDENTITY_ISSUER: required when IDENTITY_JWKS_URL is set');
  const llmBaseUrl = read.optionalUrl('LLM_BASE_URL', ['http:', 'https:']);
  // Read (and so checked) whether or not LLM_BASE_URL is set: a typo shows at once, not on the day the model is switched on.
  const llm = {
    apiKey: read.optionalString('LLM_API_KEY'),
    model: read.string('LLM_MODEL', 'gpt-4o-mini'),
    timeoutMs: read.integer('LLM_TIMEOUT_MS', 20_000, 100, 300_000),
  };
  const stripeSecretKey = read.optionalString('STRIPE_SECRET_KEY');
  const webhookSecrets = read.list('PAYMENT_WEBHOOK_SECRET');
  if (stripeSecretKey && webhookSecrets.length === 0) {
    problems.push('PAYMENT_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  const host = read.string('HOST', '127.0.0.1');
  const allowLocalProviders = read.boolean('ALLOW_LOCAL_PROVIDERS', false);
  if (!allowLocalProviders && !isLoopback(host)) {
    // Anyone could sign in as anyone, or upgrade for free, from the network.
    if (!jwksUrl) problems.push(`IDENTITY_JWKS_URL: required when HOST (${host}) is not a loopback address, or set ALLOW_LOCAL_PROVIDERS=true to expose the development identity provider`);
    if (!stripeSecretKey) problems.push(`STRIPE_SECRET_KEY: required when HOST (${host}) is not a loopback address, or set ALLOW_LOCAL_PROVIDERS=true to expose the local payment provider`);
  }

  const config: Config = {
    port,
    host,
    logLevel: read.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    dataDir,
    databaseUrl,
    databaseSchema: read.identifier('DATABASE_SCHEMA'),
    publicBaseUrl: (read.optionalUrl('PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/$/, ''),
    bodyLimitBytes: read.integer('BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    shutdownTimeoutMs: read.integer('SHUTDOWN_TIMEOUT_MS', 25_000, 0, 600_000),
    trustProxy: read.list('TRUST_PROXY'),
    identity: {
      jwksUrl,
      issuer: issuer ?? DEV_IDENTITY_ISSUER,
      audience: read.optionalString('IDENTITY_AUDIENCE'),
      authorizedParties: read.list('IDENTITY_AUTHORIZED_PARTIES'),
      roleMap: read.mapping('IDENTITY_ROLE_MAP', ['owner', 'admin', 'member']),
      clockSkewSeconds: read.integer('IDENTITY_CLOCK_SKEW_SECONDS', 5, 0, 300),
      signInUrl: read.optionalUrl('IDENTITY_SIGN_IN_URL', ['http:', 'https:']),
    },
    redisUrl: read.optionalUrl('REDIS_URL', ['redis:', 'rediss:']),
    rateLimitStoreTimeoutMs: read.integer('RATE_LIMIT_STORE_TIMEOUT_MS', 200, 10, 10_000),
    crawl: {
      allowlist: read.list('CRAWL_ALLOWLIST'),
      maxPages: read.integer('CRAWL_MAX_PAGES', CRAWL.maxPages, 1, 200),
      maxPageBytes: read.integer('CRAWL_MAX_PAGE_BYTES', CRAWL.maxBytesPerPage, 1024, 64 * 1024 * 1024),
      requestTimeoutMs: read.integer('CRAWL_REQUEST_TIMEOUT_MS', CRAWL.requestTimeoutMs, 100, 120_000),
      deadlineMs: read.integer('CRAWL_DEADLINE_MS', CRAWL.crawlDeadlineMs, 500, 600_000),
      maxRedirects: read.integer('CRAWL_MAX_REDIRECTS', CRAWL.maxRedirects, 0, CRAWL.maxRedirects),
      concurrency: read.integer('CRAWL_CONCURRENCY', CRAWL.concurrency, 1, 32),
      maxActive: read.integer('CRAWL_MAX_ACTIVE', 4, 1, 256),
      queueLimit: read.integer('CRAWL_QUEUE_LIMIT', 16, 0, 10_000),
    },
    llm: llmBaseUrl ? { baseUrl: llmBaseUrl, ...llm } : null,
    payments: {
      stripeSecretKey,
      stripeApiBase: read.optionalUrl('STRIPE_API_BASE', ['http:', 'https:']),
      webhookSecrets: webhookSecrets.length > 0 ? webhookSecrets : [DEV_PAYMENT_WEBHOOK_SECRET],
      priceIds: read.mapping('PAYMENT_PRICE_IDS', ['pro', 'business', 'enterprise', 'pack_small', 'pack_medium', 'pack_large']),
      graceDays: read.integer('PAYMENT_GRACE_DAYS', 7, 0, 60),
    },
    outboxPollMs: read.integer('OUTBOX_POLL_MS', 2000, 10, 600_000),
    sseHeartbeatMs: read.integer('SSE_HEARTBEAT_MS', 10_000, 10, 300_000),
    sseStallTimeoutMs: read.integer('SSE_STALL_TIMEOUT_MS', 60_000, 10, 3_600_000),
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Reads one variable at a time, recording a problem (named after the variable) instead of throwing. */
class EnvReader {
  readonly #env: Env;
  readonly #problems: string[];
  constructor(env: Env, problems: string[]) {
    this.#env = env;
    this.#problems = problems;
  }

  #raw(name: string): string | undefined {
    const value = this.#env[name]?.trim();
    return value === '' ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.#raw(name) ?? fallback;
  }

  optionalString(name: string): string | null {
    return this.#raw(name) ?? null;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.#raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || value < min || value > max) {
      this.#problems.push(`${name}: expected a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.#raw(name);
    if (raw === undefined) return fallback;
    if (raw !== 'true' && raw !== 'false') {
      this.#problems.push(`${name}: expected true or false, got "${raw}"`);
      return fallback;
    }
    return raw === 'true';
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.#raw(name);
    if (raw === undefined) return fallback;
    if (!allowed.includes(raw as T)) {
      this.#problems.push(`${name}: expected one of ${allowed.join(', ')}, got "${raw}"`);
      return fallback;
    }
    return raw as T;
  }

  optionalUrl(name: string, protocols: string[]): string | null {
    const raw = this.#raw(name);
    if (raw === undefined) return null;
    try {
      const url = new URL(raw);
      if (!protocols.includes(url.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      this.#problems.push(`${name}: expected a ${protocols.join(' or ')} URL, got "${redact(raw)}"`);
      return null;
    }
  }

  identifier(name: string): string | null {
    const raw = this.#raw(name);
    if (raw === undefined) return null;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw)) {
      this.#problems.push(`${name}: expected a lower-case SQL identifier, got "${raw}"`);
      return null;
    }
    return raw;
  }

  list(name: string): string[] {
    const raw = this.#raw(name);
    if (raw === undefined) return [];
    return raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }

  /** "a=x,b=y" -> { a: 'x', b: 'y' }, each value from `allowed`. */
  mapping(name: string, allowed: string[]): Record<string, string> {
    const result: Record<string, string> = {};
    for (const entry of this.list(name)) {
      const [key, value] = entry.split('=').map((part) => part.trim());
      if (!key || !value || !allowed.includes(value)) {
        this.#problems.push(`${name}: expected entries "<name>=<${allowed.join('|')}>", got "${entry}"`);
        continue;
      }
      result[key] = value;
    }
    return result;
  }
}

/** 'localhost', 127.0.0.0/8 or ::1 (also as an IPv4-mapped address): reachable from this machine only. */
function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return address.range() === 'loopback';
}

/** Hides a password in a URL before it is printed. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@]+@/, '//$1:***@');
}
