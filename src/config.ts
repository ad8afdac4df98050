/**
 * Environment -> typed, validated Config, parsed once at start.
 * EnvironmentSchema is the one description of the variables (name, default,
 * range, meaning); Config is derived from it. Every variable has an embedded
 * default so `npm start` works with no environment; a malformed value stops
 * the process with a message naming the variable. README.md's table lists
 * every variable; keep the two in step.
 */
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { Type, type Static, type TInteger, type TNumberOptions, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { CRAWL_DEFAULTS as CRAWL } from './vocabulary/crawl-defaults.ts';
import { LOCAL_DEFAULT_CURRENCY, LOCAL_DEFAULT_PRICES, PRICE_KEYS, type PriceKey } from './vocabulary/plans.ts';
import { ROLES } from './vocabulary/roles.ts';

/** The development webhook secret: the local payment provider signs with it; production must set its own. */
export const DEV_PAYMENT_WEBHOOK_SECRET = 'whsec_local_development_only';
export const DEV_IDENTITY_ISSUER = 'urn:maturity:dev-identity';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** What PAYMENT_PRICE_IDS may map a provider price id to: a plan or a credit pack. */
const PRICE_TARGETS: readonly string[] = PRICE_KEYS;
/** "pro=49,pack_small=29.50": an amount in the currency's main unit, at most two decimals. */
const LOCAL_PRICE_ENTRY = /^([a-z_]+)=(\d{1,7}(?:\.\d{1,2})?)$/;
const HTTP = ['http:', 'https:'];
const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const MEBIBYTE = 1024 * 1024;

export const EnvironmentSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'HTTP port' }),
  HOST: Type.String({ default: '127.0.0.1', description: 'Interface to listen on (0.0.0.0 in containers)' }),
  ALLOW_LOCAL_PROVIDERS: Type.Boolean({
    default: false,
    description: 'Lets the development identity provider and the local payment provider listen on a non-loopback HOST',
  }),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info', description: 'Least severe level logged' }),
  DATA_DIR: Type.String({ default: './data', description: 'Embedded database, development identity key, local files' }),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'PostgreSQL connection string; unset means embedded PGlite in DATA_DIR'),
  DATABASE_SCHEMA: Type.Optional(
    Type.Refine(
      Type.String({ description: "PostgreSQL schema (search_path) to use; unset means the server's default" }),
      (value) => SQL_IDENTIFIER.test(value),
      (value) => `expected a lower-case SQL identifier, got "${value}"`,
    ),
  ),
  PUBLIC_BASE_URL: optionalUrl(HTTP, 'The address users reach the service at (links, checkout return); unset means http://localhost:$PORT'),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 64 * MEBIBYTE, default: MEBIBYTE, description: 'Largest request body; larger answers 413' }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 25_000, description: 'Longest wait for in-flight requests on SIGTERM' }),
  TRUST_PROXY: optionalList('Proxies whose X-Forwarded-For is believed; unset trusts none', { check: isAddressOrRange, expected: 'addresses or CIDR ranges' }),

  IDENTITY_JWKS_URL: optionalUrl(HTTP, 'JWKS of the external identity provider; unset selects the built-in development provider'),
  IDENTITY_ISSUER: Type.Optional(Type.String({ description: `Required iss; required with IDENTITY_JWKS_URL, ${DEV_IDENTITY_ISSUER} without it` })),
  IDENTITY_AUDIENCE: Type.Optional(Type.String({ description: 'Required aud, when set' })),
  IDENTITY_AUTHORIZED_PARTIES: optionalList("Origins a token's azp must name; when set, a token whose azp is missing or not one of them is refused"),
  IDENTITY_ROLE_MAP: optionalMapping(ROLES, 'Extra role mappings, provider role -> owner | admin | member'),
  IDENTITY_CLOCK_SKEW_SECONDS: Type.Integer({ minimum: 0, maximum: 300, default: 5, description: 'Tolerance on exp and nbf' }),
  IDENTITY_SIGN_IN_URL: optionalUrl(HTTP, 'Where /sign-in points with an external provider'),
  IDENTITY_FRONTEND_API_URL: optionalUrl(
    HTTP,
    "The provider's Frontend API (a Clerk-style handshake at <url>/v1/client/handshake renews browser sessions); unset: a session cookie lasts as long as its token",
  ),
  IDENTITY_API_URL: optionalUrl(
    HTTP,
    "The provider's Backend API (session refresh and revocation at <url>/v1/sessions/...); required with IDENTITY_FRONTEND_API_URL",
  ),
  IDENTITY_SECRET_KEY: Type.Optional(Type.String({ description: "The provider's secret key for its Backend API; required with IDENTITY_FRONTEND_API_URL" })),

  METRICS_PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 9464,
    description: 'Port of GET /metrics, apart from the public one (0: any free port); unused when METRICS_TOKEN is set',
  }),
  METRICS_HOST: Type.String({ default: '127.0.0.1', description: 'Interface METRICS_PORT listens on; the loopback keeps the metrics off the network' }),
  METRICS_TOKEN: Type.Optional(
    Type.String({ minLength: 16, description: 'Serves GET /metrics on the public port instead, to callers presenting it as a bearer token (401 otherwise)' }),
  ),

  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'Redis for the shared rate-limit store; unset keeps it in-process'),
  RATE_LIMIT_STORE_TIMEOUT_MS: Type.Integer({
    minimum: 10,
    maximum: 10_000,
    default: 200,
    description: 'Bound on a limit decision; past it the gate fails closed',
  }),

  CRAWL_ALLOWLIST: optionalList('host or host:port exempt from the address rule (fixture sites, intranets)'),
  WEBHOOK_ALLOWLIST: optionalList(
    'host or host:port that webhook endpoints may name although internal, over plain http too; empty by default, and separate from CRAWL_ALLOWLIST',
  ),
  CRAWL_MAX_PAGES: Type.Integer({ minimum: 1, maximum: 200, default: CRAWL.maxPages, description: 'Pages per crawl' }),
  CRAWL_MAX_PAGE_BYTES: Type.Integer({
    minimum: 1024,
    maximum: 64 * MEBIBYTE,
    default: CRAWL.maxBytesPerPage,
    description: 'Bytes per page after decompression',
  }),
  CRAWL_REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: CRAWL.requestTimeoutMs, description: 'Per request (each redirect hop)' }),
  CRAWL_DEADLINE_MS: Type.Integer({ minimum: 500, maximum: 600_000, default: CRAWL.crawlDeadlineMs, description: 'Whole crawl' }),
  CRAWL_MAX_REDIRECTS: Type.Integer({ minimum: 0, maximum: CRAWL.maxRedirects, default: CRAWL.maxRedirects, description: 'Redirect hops' }),
  CRAWL_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 32, default: CRAWL.concurrency, description: 'Requests in flight per crawl' }),
  CRAWL_MAX_ACTIVE: Type.Integer({
    minimum: 1,
    maximum: 256,
    default: 4,
    description: 'Scores (crawls) running at once in a process that runs jobs: its worker concurrency on the score queue',
  }),
  CRAWL_QUEUE_LIMIT: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    default: 16,
    description: 'Score jobs that may wait for a worker, across every instance, before new scores get 503 with Retry-After',
  }),
  CRAWL_WORKER_THREADS: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 64,
      description: "Worker threads that read large pages; 0 reads every page on the main thread; unset: the machine's cores minus one, at least 1",
    }),
  ),

  // Checked whether or not LLM_BASE_URL is set: a typo shows at once, not on the day the model is switched on.
  LLM_BASE_URL: optionalUrl(HTTP, 'OpenAI-compatible API base; unset means the deterministic engine and the local coach'),
  LLM_API_KEY: Type.Optional(Type.String({ description: "The language model's API key" })),
  LLM_MODEL: Type.String({ default: 'gpt-4o-mini', description: 'Model name' }),
  LLM_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 300_000,
    default: 20_000,
    description: "Refinement call; the coach's time to first token and between tokens",
  }),

  STRIPE_SECRET_KEY: Type.Optional(Type.String({ description: 'Real payments through Stripe; unset selects the built-in local payment provider' })),
  STRIPE_API_BASE: optionalUrl(HTTP, "Another address speaking Stripe's API (a local server, for tests)"),
  PAYMENT_WEBHOOK_SECRET: optionalList('Webhook signing secrets, several during rotation; required with STRIPE_SECRET_KEY'),
  PAYMENT_PRICE_IDS: optionalMapping(PRICE_TARGETS, 'Provider price id -> plan or pack key'),
  PAYMENT_GRACE_DAYS: Type.Integer({ minimum: 0, maximum: 60, default: 7, description: 'Grace period after a failed payment before Free limits apply' }),
  PAYMENT_LOCAL_PRICES: optionalList(
    'Prices of the built-in local provider, "<plan or pack>=<amount>" (e.g. pro=49,pack_small=29); unset keys keep their defaults',
    {
      check: (entry) => {
        const match = LOCAL_PRICE_ENTRY.exec(entry.replace(/\s+/g, ''));
        return match !== null && PRICE_TARGETS.includes(match[1]!);
      },
      expected: `entries "<${PRICE_TARGETS.join('|')}>=<amount>"`,
    },
  ),
  PAYMENT_LOCAL_CURRENCY: Type.Refine(
    Type.String({ default: LOCAL_DEFAULT_CURRENCY, description: "The local provider's currency, an ISO 4217 code" }),
    (value) => /^[a-z]{3}$/i.test(value),
    (value) => `expected a three-letter currency code such as usd or eur, got "${value}"`,
  ),

  // Sources (issue 27): the team's own tools. A provider is offered once its client id and secret are set,
  // and only with SOURCES_ENCRYPTION_KEYS, which seal its tokens at rest.
  GITHUB_CLIENT_ID: Type.Optional(Type.String({ description: "The GitHub OAuth app's client id; unset: GitHub cannot be connected" })),
  GITHUB_CLIENT_SECRET: Type.Optional(Type.String({ description: "The GitHub OAuth app's client secret" })),
  GITHUB_OAUTH_URL: Type.String({
    default: 'https://github.com',
    description: "Where GitHub's OAuth endpoints are (/login/oauth/...); a local server in tests",
  }),
  GITHUB_API_URL: Type.String({ default: 'https://api.github.com', description: "GitHub's REST API base; a local server in tests" }),
  LINEAR_CLIENT_ID: Type.Optional(Type.String({ description: "The Linear OAuth application's client id; unset: Linear cannot be connected" })),
  LINEAR_CLIENT_SECRET: Type.Optional(Type.String({ description: "The Linear OAuth application's client secret" })),
  LINEAR_OAUTH_URL: Type.String({ default: 'https://linear.app', description: "Where Linear's authorize page is (/oauth/authorize)" }),
  LINEAR_API_URL: Type.String({
    default: 'https://api.linear.app',
    description: "Linear's API: /graphql, /oauth/token, /oauth/revoke; a local server in tests",
  }),
  SOURCES_ENCRYPTION_KEYS: Type.Optional(
    Type.Refine(
      Type.String({
        description: 'Keys sealing source tokens (AES-256-GCM), "<key id>:<32 bytes base64>", comma-separated; the first seals, all open (rotation)',
      }),
      (value) =>
        commaList(value).every((entry) => /^[A-Za-z0-9_-]{1,32}:/.test(entry) && Buffer.from(entry.slice(entry.indexOf(':') + 1), 'base64').length === 32),
      () => 'expected entries "<key id>:<32 bytes in base64>" (the key material is not repeated here)',
    ),
  ),
  SOURCES_SYNC_EVERY_MINUTES: Type.Integer({ minimum: 5, maximum: 10_080, default: 360, description: 'How often every connection is synced' }),

  SMTP_URL: optionalUrl(
    ['smtp:', 'smtps:'],
    'SMTP server mail goes out through, smtp://user:pass@host:port or smtps://...; unset writes each mail as an .eml file under DATA_DIR/mail',
  ),
  MAIL_FROM: Type.String({ default: 'Maturity Scoring <no-reply@localhost>', description: 'From address of every mail' }),

  OUTBOX_POLL_MS: Type.Integer({
    minimum: 10,
    maximum: 600_000,
    default: 2000,
    description:
      'How often an instance looks for due jobs, in one query for every queue (at least every 500 ms; LISTEN/NOTIFY wakes workers sooner for new jobs)',
  }),
  WORKER_CONCURRENCY: Type.Integer({
    minimum: 0,
    maximum: 64,
    default: 4,
    description:
      'Job handlers run at once per job queue in this process (a slow webhook never holds up mail); 0: a web-only process that enqueues jobs and runs none (`maturity worker` processes run them; PostgreSQL only)',
  }),
  WORKER_DRAIN_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 20_000,
    description: 'On SIGTERM, how long job handlers in hand may run on before their jobs are handed back for a retry; keep it under SHUTDOWN_TIMEOUT_MS',
  }),
  JOB_BACKLOG_LIMIT: Type.Integer({
    minimum: 0,
    maximum: 10_000_000,
    default: 10_000,
    description: 'Due jobs waiting, across every queue, above which /readyz answers 503 naming the backlog; 0: no bound',
  }),
  SSE_HEARTBEAT_MS: Type.Integer({
    minimum: 10,
    maximum: 300_000,
    default: 10_000,
    description: 'Silence after which an event stream sends a heartbeat comment',
  }),
  SSE_STALL_TIMEOUT_MS: Type.Integer({
    minimum: 10,
    maximum: 3_600_000,
    default: 60_000,
    description: 'How long an event stream may wait for its client to read before it is closed',
  }),
});

/** The environment after validation: numbers and booleans converted, defaults applied. */
export type Environment = Static<typeof EnvironmentSchema>;

/** The validated environment in the shape the service reads. */
function configFromEnvironment(env: Environment) {
  const webhookSecrets = commaList(env.PAYMENT_WEBHOOK_SECRET);
  return {
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(env.DATA_DIR),
    /** PostgreSQL connection string; null means embedded PGlite in dataDir. */
    databaseUrl: env.DATABASE_URL ?? null,
    /** PostgreSQL schema to use (search_path); null means the server's default. */
    databaseSchema: env.DATABASE_SCHEMA ?? null,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** Proxies whose X-Forwarded-For is believed: addresses or CIDRs; empty trusts none. */
    trustProxy: commaList(env.TRUST_PROXY),
    identity: {
      /** External JWKS; null selects the built-in development identity provider. */
      jwksUrl: env.IDENTITY_JWKS_URL ?? null,
      issuer: env.IDENTITY_ISSUER ?? DEV_IDENTITY_ISSUER,
      audience: env.IDENTITY_AUDIENCE ?? null,
      authorizedParties: commaList(env.IDENTITY_AUTHORIZED_PARTIES),
      /** Extra role mappings, provider role -> owner | admin | member. */
      roleMap: Object.fromEntries(mappingEntries(env.IDENTITY_ROLE_MAP)),
      clockSkewSeconds: env.IDENTITY_CLOCK_SKEW_SECONDS,
      signInUrl: env.IDENTITY_SIGN_IN_URL ?? null,
      /** Browser sessions renewed the provider's way (handshake and refresh), or null: a cookie lasts as long as its token. */
      sessions:
        env.IDENTITY_FRONTEND_API_URL && env.IDENTITY_API_URL && env.IDENTITY_SECRET_KEY
          ? {
              frontendApiUrl: env.IDENTITY_FRONTEND_API_URL.replace(/\/$/, ''),
              apiUrl: env.IDENTITY_API_URL.replace(/\/$/, ''),
              secretKey: env.IDENTITY_SECRET_KEY,
            }
          : null,
    },
    /** Webhook targets exempt from the address rule (and allowed plain http): every tenant may name them. */
    webhooks: { allowlist: commaList(env.WEBHOOK_ALLOWLIST) },
    /** Where GET /metrics is served: on the public port behind `token` when one is set, else on its own port. */
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN ?? null },
    redisUrl: env.REDIS_URL ?? null,
    rateLimitStoreTimeoutMs: env.RATE_LIMIT_STORE_TIMEOUT_MS,
    crawl: {
      allowlist: commaList(env.CRAWL_ALLOWLIST),
      maxPages: env.CRAWL_MAX_PAGES,
      maxPageBytes: env.CRAWL_MAX_PAGE_BYTES,
      requestTimeoutMs: env.CRAWL_REQUEST_TIMEOUT_MS,
      deadlineMs: env.CRAWL_DEADLINE_MS,
      maxRedirects: env.CRAWL_MAX_REDIRECTS,
      concurrency: env.CRAWL_CONCURRENCY,
      /** Scores running at once in a process that runs jobs (the score queue's worker concurrency). */
      maxActive: env.CRAWL_MAX_ACTIVE,
      /** Score jobs waiting for a worker, across every instance, beyond which new scores get 503. */
      queueLimit: env.CRAWL_QUEUE_LIMIT,
      /** Worker threads reading large pages, or null for the crawler's default (cores minus one). */
      workerThreads: env.CRAWL_WORKER_THREADS ?? null,
    },
    /** The language-model settings, present only when LLM_BASE_URL is set. */
    llm:
      env.LLM_BASE_URL === undefined
        ? null
        : { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY ?? null, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS },
    payments: {
      stripeSecretKey: env.STRIPE_SECRET_KEY ?? null,
      /** Overrides the Stripe API address (a local server speaking its protocol, for tests). */
      stripeApiBase: env.STRIPE_API_BASE ?? null,
      webhookSecrets: webhookSecrets.length > 0 ? webhookSecrets : [DEV_PAYMENT_WEBHOOK_SECRET],
      /** Provider price id -> plan or pack key. */
      priceIds: Object.fromEntries(mappingEntries(env.PAYMENT_PRICE_IDS)),
      graceDays: env.PAYMENT_GRACE_DAYS,
      /** The built-in local provider's prices, in the currency's minor unit (defaults from vocabulary/plans.ts). */
      localPrices: localPrices(env.PAYMENT_LOCAL_PRICES),
      localCurrency: env.PAYMENT_LOCAL_CURRENCY.toLowerCase(),
    },
    sources: {
      github: env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET ? { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET } : null,
      githubOAuthUrl: env.GITHUB_OAUTH_URL.replace(/\/$/, ''),
      githubApiUrl: env.GITHUB_API_URL.replace(/\/$/, ''),
      linear: env.LINEAR_CLIENT_ID && env.LINEAR_CLIENT_SECRET ? { clientId: env.LINEAR_CLIENT_ID, clientSecret: env.LINEAR_CLIENT_SECRET } : null,
      linearOAuthUrl: env.LINEAR_OAUTH_URL.replace(/\/$/, ''),
      linearApiUrl: env.LINEAR_API_URL.replace(/\/$/, ''),
      /** "<id>:<base64>" entries; the first seals. Empty: no provider can be connected. */
      encryptionKeys: commaList(env.SOURCES_ENCRYPTION_KEYS),
      syncEveryMs: env.SOURCES_SYNC_EVERY_MINUTES * 60_000,
    },
    mail: {
      /** SMTP server URL; null writes each mail as an .eml file under dataDir/mail. */
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM,
    },
    outboxPollMs: env.OUTBOX_POLL_MS,
    /** Job handlers at once per queue in this process; 0: web-only, the jobs run in `maturity worker` processes. */
    workerConcurrency: env.WORKER_CONCURRENCY,
    /** On shutdown, how long handlers in hand may finish before their jobs are handed back. */
    workerDrainTimeoutMs: env.WORKER_DRAIN_TIMEOUT_MS,
    /** Due jobs above which the instance reports itself not ready; 0: no bound. */
    jobBacklogLimit: env.JOB_BACKLOG_LIMIT,
    /** Silence after which an event stream sends a heartbeat comment. */
    sseHeartbeatMs: env.SSE_HEARTBEAT_MS,
    /** How long an event stream may wait for its client to read before it is closed. */
    sseStallTimeoutMs: env.SSE_STALL_TIMEOUT_MS,
  };
}

export type Config = ReturnType<typeof configFromEnvironment>;

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

export function loadConfig(env: Env = process.env): Config {
  const { environment, problems } = validateEnvironment(env);
  problems.push(...problemsBetweenVariables(environment));
  if (problems.length > 0) throw new ConfigError(problems);
  return configFromEnvironment(environment);
}

/** loadConfig for an entry point: a malformed variable prints the problems and stops the process (status 1). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Checks the variables EnvironmentSchema names against it, one problem per
 * malformed variable. A malformed variable then falls back to its default, so
 * the rules between variables still run and every problem shows at once.
 */
function validateEnvironment(env: Env): { environment: Environment; problems: string[] } {
  const text: Record<string, string> = {};
  for (const name of Object.keys(EnvironmentSchema.properties)) {
    const value = env[name]?.trim();
    if (value) text[name] = value;
  }
  const values = convertExactly(text);
  const problems = new Map<string, string>();
  for (const error of Value.Errors(EnvironmentSchema, Value.Default(EnvironmentSchema, { ...values }))) {
    const name = error.instancePath.split('/')[1] ?? '';
    if (problems.has(name)) continue;
    const complaint = error.keyword === '~refine' ? error.params.message : `expected ${expectation(name) ?? error.message}, got "${redact(text[name] ?? '')}"`;
    problems.set(name, `${name}: ${complaint}`);
    delete values[name];
  }
  const environment = Value.Default(EnvironmentSchema, values);
  // Unreachable while every variable has a default or is optional: a failure here is a mistake in the schema.
  Value.Assert(EnvironmentSchema, environment);
  return { environment, problems: [...problems.values()] };
}

/**
 * Value.Convert reads the text of a number or of true/false as such, but also
 * '1.9' as 1, '0x10' as 16 and 'TRUE' or '1' as true. A conversion is kept
 * only if it prints as the text that was written; other text stays text, for
 * the schema to refuse by name.
 */
function convertExactly(text: Record<string, string>): Record<string, unknown> {
  const converted = Value.Convert(EnvironmentSchema, { ...text }) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(text)) values[name] = String(converted[name]) === raw ? converted[name] : raw;
  return values;
}

/** What the variable accepts, in the words of an error message; undefined leaves it to TypeBox's message. */
function expectation(name: string): string | undefined {
  if (!Object.hasOwn(EnvironmentSchema.properties, name)) return undefined;
  const schema: TSchema = EnvironmentSchema.properties[name as keyof Environment];
  if (Type.IsInteger(schema)) {
    const { minimum, maximum } = schema as TInteger & TNumberOptions;
    return `a whole number from ${minimum} to ${maximum}`;
  }
  if (Type.IsBoolean(schema)) return 'true or false';
  if (Type.IsEnum(schema)) return `one of ${schema.enum.join(', ')}`;
  return undefined;
}

/** Rules that join two variables, which no keyword of a variable's own schema can say. */
function problemsBetweenVariables(env: Environment): string[] {
  const problems: string[] = [];
  if (env.IDENTITY_JWKS_URL && !env.IDENTITY_ISSUER) problems.push('IDENTITY_ISSUER: required when IDENTITY_JWKS_URL is set');
  if (env.IDENTITY_FRONTEND_API_URL) {
    // The handshake's and the session tokens' keys are the provider's: the development provider has no Frontend API.
    if (!env.IDENTITY_JWKS_URL) problems.push('IDENTITY_JWKS_URL: required when IDENTITY_FRONTEND_API_URL is set');
    // Without them a signed-out person would be signed back in by the next handshake, and nothing could refresh a session.
    if (!env.IDENTITY_API_URL) problems.push('IDENTITY_API_URL: required when IDENTITY_FRONTEND_API_URL is set');
    if (!env.IDENTITY_SECRET_KEY) problems.push('IDENTITY_SECRET_KEY: required when IDENTITY_FRONTEND_API_URL is set');
  }
  if (env.STRIPE_SECRET_KEY && commaList(env.PAYMENT_WEBHOOK_SECRET).length === 0) {
    problems.push('PAYMENT_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  // The embedded database is one process's: nobody else could run the jobs a web-only process enqueues.
  if (env.WORKER_CONCURRENCY === 0 && !env.DATABASE_URL)
    problems.push('WORKER_CONCURRENCY: 0 (web-only) requires DATABASE_URL, so that `maturity worker` processes can run the jobs');
  if (!env.ALLOW_LOCAL_PROVIDERS && !isLoopback(env.HOST)) {
    // Anyone could sign in as anyone, or upgrade for free, from the network.
    if (!env.IDENTITY_JWKS_URL)
      problems.push(
        `IDENTITY_JWKS_URL: required when HOST (${env.HOST}) is not a loopback address, or set ALLOW_LOCAL_PROVIDERS=true to expose the development identity provider`,
      );
    if (!env.STRIPE_SECRET_KEY)
      problems.push(
        `STRIPE_SECRET_KEY: required when HOST (${env.HOST}) is not a loopback address, or set ALLOW_LOCAL_PROVIDERS=true to expose the local payment provider`,
      );
  }
  return problems;
}

/** An optional URL with one of `protocols`. */
function optionalUrl(protocols: string[], description: string) {
  return Type.Optional(
    Type.Refine(
      Type.String({ description }),
      (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
      (value) => `expected a ${protocols.join(' or ')} URL, got "${redact(value)}"`,
    ),
  );
}

/** An optional comma-separated list, each entry passing `entries.check` when given. */
function optionalList(description: string, entries?: { check: (entry: string) => boolean; expected: string }) {
  const list = Type.String({ description: `${description}; comma-separated` });
  if (!entries) return Type.Optional(list);
  const malformed = (value: string) => commaList(value).filter((entry) => !entries.check(entry));
  return Type.Optional(
    Type.Refine(
      list,
      (value) => malformed(value).length === 0,
      (value) =>
        `expected ${entries.expected}, got ${malformed(value)
          .map((entry) => `"${entry}"`)
          .join(', ')}`,
    ),
  );
}

/** An optional "a=x,b=y" map, each value one of `targets`. */
function optionalMapping(targets: readonly string[], description: string) {
  const malformed = (value: string) => commaList(value).filter((entry) => !isMappingEntry(entry, targets));
  return Type.Optional(
    Type.Refine(
      Type.String({ description: `${description}; "<name>=<target>", comma-separated` }),
      (value) => malformed(value).length === 0,
      (value) =>
        `expected entries "<name>=<${targets.join('|')}>", got ${malformed(value)
          .map((entry) => `"${entry}"`)
          .join(', ')}`,
    ),
  );
}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function isMappingEntry(entry: string, targets: readonly string[]): boolean {
  const [key, value] = entry.split('=').map((part) => part.trim());
  return Boolean(key) && value !== undefined && targets.includes(value);
}

/** The local provider's prices in minor units: the defaults, with PAYMENT_LOCAL_PRICES' entries (already checked) over them. */
function localPrices(value: string | undefined): Record<PriceKey, number> {
  const prices = { ...LOCAL_DEFAULT_PRICES };
  for (const entry of commaList(value)) {
    const [, key, amount] = LOCAL_PRICE_ENTRY.exec(entry.replace(/\s+/g, ''))!;
    prices[key as PriceKey] = Math.round(Number(amount) * 100);
  }
  return prices;
}

/** "a=x,b=y" -> [['a', 'x'], ['b', 'y']]; entries already checked by optionalMapping. */
function mappingEntries(value: string | undefined): [string, string][] {
  return commaList(value).map((entry) => {
    const [key = '', target = ''] = entry.split('=').map((part) => part.trim());
    return [key, target];
  });
}

/**
 * An address or CIDR range, as TRUST_PROXY takes them: a check at start, so a
 * typo names the variable before anything listens. The limits module's parser,
 * which builds the ranges, stays the authority (it also refuses an
 * IPv4-mapped range shorter than /96, which passes here).
 */
function isAddressOrRange(entry: string): boolean {
  if (entry.includes('/')) return ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) || ipaddr.IPv6.isValidCIDR(entry);
  return ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry);
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
