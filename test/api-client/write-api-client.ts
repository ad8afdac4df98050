// npm run api:client: regenerates test/api-client/api-types.ts, the TypeScript client types
// openapi-typescript draws from the API document the app serves (test/http/api-document-lint.test.ts
// fails while the checked-in file differs from what the document gives).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'api-client-'));
const built = await buildApp(loadConfig({ DATA_DIR: folder, LOG_LEVEL: 'silent' }), { backgroundWork: false });
const documentFile = path.join(folder, 'openapi.json');
fs.writeFileSync(documentFile, (await built.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
await built.app.close();
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/openapi-typescript/bin/cli.js'), documentFile, '-o', path.join(root, 'test/api-client/api-types.ts')],
  { stdio: 'inherit' },
);
fs.rmSync(folder, { recursive: true, force: true });
process.exit(0);
