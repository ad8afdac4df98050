/**
 * Vitest global setup for the pglite project: initialise and migrate one
 * embedded database, dump it to a file, and hand its path to the test files.
 * Each test app then loads the dump (about 0.5 s) instead of running initdb
 * (about 4 s) and the migrations again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(database);
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('the PGlite handle cannot dump its data directory');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
