/**
 * The embedded database's template (src/db/client.ts): there is one, for the
 * installed PGlite, and a new database on disk starts from it with the
 * service's settings and keeps what is written to it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/harness.ts';
import { installedPgliteVersion, openDatabase, pgliteTemplatePath, rowsOf, type DatabaseHandle } from './client.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-pglite-template-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function one<Row>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Row> {
  return rowsOf<Row>(await database.db.execute(query))[0]!;
}

describe.skipIf(testDatabaseKind() === 'postgres')('the PGlite template', () => {
  it('exists for the installed PGlite, and for no other version', () => {
    const template = pgliteTemplatePath();
    expect(fs.existsSync(template), `no template for PGlite ${installedPgliteVersion()}: run node_modules/.bin/node test/setup/write-pglite-template.ts`).toBe(
      true,
    );
    const templates = fs.readdirSync(path.dirname(template)).filter((name) => /^pglite-template-.+\.tar\.gz$/.test(name));
    expect(templates).toEqual([path.basename(template)]);
  });

  it('starts every new database on disk, with the service settings, and what is written survives a reopen', async () => {
    const identifiers: string[] = [];
    for (const name of ['first', 'second']) {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(scratch, name) });
      try {
        // initdb gives every database a system identifier of its own; a copy of the template keeps the template's.
        identifiers.push((await one<{ id: string }>(database, sql`SELECT system_identifier::text AS id FROM pg_control_system()`)).id);
        expect(await one(database, sql`SHOW shared_buffers`)).toEqual({ shared_buffers: '16MB' });
        await database.db.execute(sql`CREATE TABLE kept (note text)`);
        await database.db.execute(sql`INSERT INTO kept VALUES (${name})`);
      } finally {
        await database.close();
      }
    }
    expect(identifiers[0]).toBe(identifiers[1]);

    const reopened = await openDatabase({ kind: 'pglite', dataDir: path.join(scratch, 'first') });
    try {
      expect(await one(reopened, sql`SELECT note FROM kept`)).toEqual({ note: 'first' });
      expect(await one(reopened, sql`SHOW maintenance_work_mem`)).toEqual({ maintenance_work_mem: '16MB' });
    } finally {
      await reopened.close();
    }
  });
});
