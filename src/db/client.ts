/**
 * The database: embedded PGlite (Postgres compiled to WASM) by default, real
 * PostgreSQL when a connection string is given. The database knows no
 * module's tables: each module's queries name its own (src/database-schema.ts
 * gathers them all, for the migration check).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';

export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;

/** Raw SQL for migrations and operational checks; `exec` may hold several statements. */
export interface RawSql {
  exec(sqlText: string): Promise<void>;
  query<Row = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<Row[]>;
}

/** Rows of a Drizzle `execute` result: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Runs `work` in one transaction on one connection with raw SQL access. */
  rawTransaction<T>(work: (raw: RawSql) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (test templates). */
  dump?(): Promise<Blob>;
  /**
   * What the job engine (src/queue/job-engine.ts) connects with: the embedded
   * instance itself (one connection, shared), or the server and schema to open
   * a pool of its own on.
   */
  native: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string; schema: string | null };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; schema?: string | null; poolSize?: number }
  /**
   * dataDir null keeps the database in memory; loadDataDir starts from a dump (tests). A new
   * database starts from the shipped template unless ignoreTemplate asks for initdb.
   */
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob; ignoreTemplate?: boolean; schema?: string | null };

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<DatabaseHandle> {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, schema: config.databaseSchema }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), schema: config.databaseSchema },
  );
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

/*
 * Each driver is loaded only when chosen: the embedded one alone costs about
 * 140 MB of memory at import, which a PostgreSQL deployment should not pay.
 */

async function openPostgres(options: { url: string; schema?: string | null; poolSize?: number }): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
  if (options.schema) {
    // Create the schema before the pool pins every connection's search_path to it.
    const setup = new pg.Client({ connectionString: options.url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path="${options.schema}"` } : {}),
  });
  // An idle client's error (server restart, network blip) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    native: { kind: 'postgres', url: options.url, schema: options.schema ?? null },
    async rawTransaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          exec: async (text) => {
            await client.query(text);
          },
          query: async (text, params) => (await client.query(text, params)).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/*
 * The embedded server's memory settings. PostgreSQL's default shared_buffers
 * (128 MB) is most of PGlite's WebAssembly memory, which never shrinks once
 * touched; this database's working set is a few MB, and every page read past
 * the buffers is served by the operating system's file cache. The same
 * settings go to initdb, which also writes them into postgresql.conf.
 * maintenance_work_mem bounds what an index build or VACUUM may grow that
 * memory by (default 64 MB). See docs/BENCHMARKS.md, "The service's memory".
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/*
 * A new embedded database starts from a copy of a data directory that initdb
 * made once, with PGLITE_SETTINGS, shipped beside this file. Running initdb
 * at first start costs a second PGlite instance and a copy of its 128 MB
 * memory, about 450 MB above the service's own at peak and 5 seconds; loading
 * the template costs about 100 MB and 2 seconds. The template holds initdb's
 * output only (the migrations run at every start as before) and fits one
 * PGlite version, named in its file name: with another, initdb runs as
 * before. After a PGlite upgrade, test/setup/write-pglite-template.ts writes
 * the template again (src/db/pglite-template.db.test.ts fails until then).
 */
export function installedPgliteVersion(): string {
  // The package's entry point is dist/index.*; its package.json is not among its exports.
  const packageJson = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

export function pgliteTemplatePath(version: string = installedPgliteVersion()): string {
  return path.join(import.meta.dirname, `pglite-template-${version}.tar.gz`);
}

/** The template when the database is new and one fits the installed PGlite; undefined lets initdb run. */
async function templateForNewDatabase(dataDir: string | null): Promise<Blob | undefined> {
  if (dataDir && fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  try {
    return new Blob([await fs.promises.readFile(pgliteTemplatePath())], { type: 'application/x-gzip' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function openPglite(options: { dataDir: string | null; loadDataDir?: Blob; ignoreTemplate?: boolean; schema?: string | null }): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const settings = PGLITE_SETTINGS.flatMap((setting) => ['-c', setting]);
  const loadDataDir = options.loadDataDir ?? (options.ignoreTemplate ? undefined : await templateForNewDatabase(options.dataDir));
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // startParams replaces PGlite's own start parameters, so they are kept and ours added.
    startParams: [...PGlite.defaultStartParams, ...settings],
    initDbStartParams: settings,
  });
  await client.waitReady;
  if (options.schema) {
    // PGlite is a single connection, so a session-level search_path holds for every query.
    await client.exec(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"; SET search_path TO "${options.schema}"`);
  }
  const db = drizzlePglite(client) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    native: { kind: 'pglite', client },
    rawTransaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async (text, params) => (await tx.query(text, params)).rows as never,
        }),
      ),
    async ping() {
      await client.query('SELECT 1');
    },
    async close() {
      await client.close();
    },
    async dump() {
      return client.dumpDataDir('none');
    },
  };
}
