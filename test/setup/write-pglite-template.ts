/**
 * Writes the embedded database's template, src/db/pglite-template-<PGlite
 * version>.tar.gz: a database made by initdb with the service's settings,
 * which every new embedded database starts from (src/db/client.ts), and
 * removes the templates of other versions. Run it after upgrading PGlite:
 *
 *   node_modules/.bin/node test/setup/write-pglite-template.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { openDatabase, pgliteTemplatePath } from '../../src/db/client.ts';

const database = await openDatabase({ kind: 'pglite', dataDir: null, ignoreTemplate: true });
const dump = await database.dump?.();
await database.close();
if (!dump) throw new Error('the PGlite handle cannot dump its data directory');

const target = pgliteTemplatePath();
for (const name of fs.readdirSync(path.dirname(target))) {
  if (/^pglite-template-.+\.tar\.gz$/.test(name) && name !== path.basename(target)) fs.rmSync(path.join(path.dirname(target), name));
}
fs.writeFileSync(target, zlib.gzipSync(Buffer.from(await dump.arrayBuffer()), { level: 9 }));
process.stdout.write(`wrote ${path.relative(process.cwd(), target)} (${fs.statSync(target).size} bytes)\n`);
