/**
 * The migrations are hand-written SQL and the queries use the Drizzle
 * schema: this test keeps the two in step, table by table and column by
 * column (names, nullability, defaults present), on the real database.
 */
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { rowsOf } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import * as schema from './database-schema.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

interface ColumnRow {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  has_default: boolean;
}

describe('schema and migrations', () => {
  it('re-running the migrations applies nothing', async () => {
    expect(await migrate(database.handle)).toEqual([]);
  });

  it('every Drizzle table matches its migrated table column for column', async () => {
    const rows = rowsOf<ColumnRow>(
      await database.handle.db.execute(sql`
        -- An identity column's value comes from its sequence, which information_schema does not call a default.
        SELECT table_name, column_name, is_nullable, (column_default IS NOT NULL OR is_identity = 'YES') AS has_default
        FROM information_schema.columns WHERE table_schema = current_schema()`),
    );
    const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      const config = getTableConfig(table);
      const actual = rows
        .filter((row) => row.table_name === config.name)
        .map((row) => `${row.column_name} ${row.is_nullable === 'NO' ? 'not null' : 'null'}${row.has_default ? ' default' : ''}`)
        .sort();
      const expected = config.columns.map((column) => `${column.name} ${column.notNull ? 'not null' : 'null'}${column.hasDefault ? ' default' : ''}`).sort();
      expect(actual, config.name).toEqual(expected);
    }
  });
});
