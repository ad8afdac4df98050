/**
 * Applies the committed SQL migrations in src/db/migrations, in name order,
 * once each. Hand-written SQL rather than drizzle-kit's journal, so modules
 * developed in parallel add their own numbered files without a shared
 * journal to merge (docs/DECISIONS.md); src/db/schema.db.test.ts (the drift
 * check) keeps the Drizzle schema and the SQL in step.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './client.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
}

/** Returns the names of the migrations applied by this call. */
export async function migrate(database: DatabaseHandle): Promise<string[]> {
  return database.rawTransaction(async (raw) => {
    if (database.kind === 'postgres') {
      // Instances starting together take turns; the lock ends with the transaction.
      await raw.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.schema_migrations'))`);
    }
    await raw.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set((await raw.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
    const newlyApplied: string[] = [];
    for (const name of migrationFiles()) {
      if (applied.has(name)) continue;
      await raw.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
      await raw.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      newlyApplied.push(name);
    }
    return newlyApplied;
  });
}
