/**
 * The test harness: boots the whole app against a real database (PGlite
 * from the migrated template, or a fresh schema in the PostgreSQL named by
 * TEST_DATABASE_URL), and offers domain helpers (tokens, accounts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDependencies, type BuiltApp } from '../src/app.ts';
import type { Clock } from '../src/clock.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { signDevToken, type DevTokenClaims } from '../src/identity/dev-identity.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The day the fixture company sites were written for (their changelogs end just before it). */
export const FIXTURE_CRAWL_DATE = '2026-11-20T12:00:00.000Z';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** For a second app instance on the same data (multi-instance tests). */
  options: { url: string; schema: string } | null;
  drop(): Promise<void>;
}

/** A fresh, migrated database: a copy of the PGlite template, or a new PostgreSQL schema. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const handle = await openDatabase({ kind: 'postgres', url, schema, poolSize: 5 });
    await migrate(handle);
    return {
      handle,
      options: { url, schema },
      async drop() {
        await handle.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        // The job engine's schema beside it (src/queue/job-engine.ts).
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
        await client.end();
      },
    };
  }
  const template = fs.readFileSync(inject('pgliteTemplate'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([template]) });
  return { handle, options: null, drop: () => handle.close() };
}

export interface TestAppOptions extends Omit<AppDependencies, 'database'> {
  env?: Record<string, string>;
  clock?: Clock;
  /** Share a database with another app (multi-instance tests); the caller drops it. */
  database?: TestDatabase;
  /**
   * Open the database from DATABASE_URL and DATABASE_SCHEMA, as a deployed
   * instance does: a connection pool of the app's own, which it closes
   * (multi-instance tests, so that instances share no connection). The
   * caller created the schema and drops it.
   */
  ownDatabase?: { url: string; schema: string };
}

export interface TestApp extends BuiltApp {
  config: Config;
  testDatabase: TestDatabase;
  /** A session JWT signed by the app's development identity provider. */
  token(claims: DevTokenClaims): Promise<string>;
  /** Authorization headers for a user, optionally in an organisation with a role. */
  authHeaders(claims: DevTokenClaims): Promise<Record<string, string>>;
  /** Listens on 127.0.0.1 (for streams and real HTTP clients); returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-test-'));
  const own = options.ownDatabase;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env, ...(own ? { DATABASE_URL: own.url, DATABASE_SCHEMA: own.schema } : {}) });
  const shared = own ? null : (options.database ?? (await createTestDatabase()));
  const built = await buildApp(config, {
    ...options,
    database: shared?.handle,
    backgroundWork: options.backgroundWork ?? false,
  });
  // With ownDatabase the app opened (and will close) its handle; the schema is the caller's to drop.
  const testDatabase: TestDatabase = shared ?? { handle: built.database, options: own ?? null, drop: async () => {} };
  await built.app.ready();
  const token = async (claims: DevTokenClaims) => {
    if (!built.devKey) throw new Error('this app uses an external identity provider');
    return signDevToken(built.devKey, config.identity.issuer, claims, (options.clock ?? { now: () => new Date() }).now());
  };
  return {
    ...built,
    config,
    testDatabase,
    token,
    authHeaders: async (claims) => ({ authorization: `Bearer ${await token(claims)}` }),
    async listen() {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const address = built.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await built.app.close();
      if (!options.database) await testDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Tokens that must all be refused, for the authorisation matrix. */
export async function invalidTokens(app: TestApp): Promise<Record<string, string>> {
  const issuer = app.config.identity.issuer;
  const devKey = app.devKey!;
  const now = Math.floor(Date.now() / 1000);
  const other = await generateKeyPair('ES256');
  const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: 'JWT', kid: devKey.kid })).toString('base64url');
  const body = Buffer.from(JSON.stringify({ sub: 'mallory', iss: issuer, iat: now, exp: now + 600 })).toString('base64url');
  return {
    expired: await signDevToken(devKey, issuer, { sub: 'alice', ttlSeconds: 60 }, new Date(Date.now() - 3600_000)),
    'signed by another key': await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: devKey.kid })
      .setSubject('alice')
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(other.privateKey),
    'alg none': `${header('none')}.${body}.`,
    'wrong issuer': await signDevToken(devKey, 'https://evil.example', { sub: 'alice' }),
    // The server's own public key (as its JWKS publishes it) used as an HMAC secret: the classic
    // algorithm-confusion forgery, which a verifier that lets the token pick the algorithm accepts.
    'HMAC with the public key': await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: devKey.kid })
      .setSubject('alice')
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(JSON.stringify(devKey.publicJwk))),
  };
}

export const AUTH_REQUIRED_BODY = {
  error: 'Authentication required',
  code: 'AUTH_REQUIRED',
  message: 'Authentication required',
};

export const FORBIDDEN_BODY = {
  error: 'Forbidden: insufficient permissions',
  code: 'FORBIDDEN',
  message: 'Forbidden: insufficient permissions',
};
