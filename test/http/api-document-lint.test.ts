/**
 * The API document as a product: it passes Redocly's recommended rules with
 * no error (run offline on the document the app serves), and the TypeScript
 * client generated from it by openapi-typescript (test/api-client/api-types.ts,
 * `npm run api:client` regenerates it) is the one checked in, so clients
 * built from the document see what the service answers. The last test reads
 * an answer through those generated types.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../api-client/api-types.ts';
import { startTestApp, type TestApp } from '../harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let t: TestApp;
let folder: string;
let documentFile: string;
beforeAll(async () => {
  t = await startTestApp();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'api-document-'));
  documentFile = path.join(folder, 'openapi.json');
  fs.writeFileSync(documentFile, (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
}

describe('the API document', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await run(process.execPath, [cli, 'lint', documentFile, '--format=json'], {
      cwd: folder,
      // Offline: no telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { problems: LintProblem[] };
    const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('names every operation, says which need no credential, and shares the error shapes and headers', () => {
    const document = JSON.parse(fs.readFileSync(documentFile, 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, { headers?: object; content?: object }> }>>;
      components: { schemas: object; headers: object; parameters: object };
    };
    const operations = Object.entries(document.paths).flatMap(([where, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, where, operation })),
    );
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ method, where }) => `${method} ${where}`)).toEqual([]);
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
    expect(document.paths['/api/score/{id}']!.get!.operationId).toBe('getScoreById');
    expect(document.paths['/api/try-score']!.post!.security).toEqual([]);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['FlatError', 'NestedError']));
    expect(Object.keys(document.components.headers)).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Retry-After', 'ETag']));
    expect(Object.keys(document.components.parameters)).toEqual(expect.arrayContaining(['IdempotencyKey']));
    const postScore = document.paths['/api/score']!.post!;
    expect(postScore.responses['429']!.headers).toEqual(expect.objectContaining({ 'Retry-After': { $ref: '#/components/headers/Retry-After' } }));
    expect(JSON.stringify(postScore)).toContain('#/components/parameters/IdempotencyKey');
    expect(JSON.stringify(postScore.responses['400'])).toContain('#/components/schemas/FlatError');
    expect(document.paths['/api/score/{id}']!.get!.responses['200']!.headers).toEqual({ ETag: { $ref: '#/components/headers/ETag' } });
  });

  it('generates the client types checked in as test/api-client/api-types.ts', async () => {
    const generated = path.join(folder, 'api-types.ts');
    await run(process.execPath, [path.join(root, 'node_modules/openapi-typescript/bin/cli.js'), documentFile, '-o', generated], { cwd: folder });
    const checkedIn = fs.readFileSync(path.join(root, 'test/api-client/api-types.ts'), 'utf8');
    // A mismatch: run `npm run api:client` and commit the result.
    expect(fs.readFileSync(generated, 'utf8') === checkedIn).toBe(true);
  }, 60_000);

  it('answers as the generated client types say', async () => {
    type Metadata = paths['/api/assessment/metadata']['get']['responses'][200]['content']['application/json'];
    type Liveness = paths['/healthz']['get']['responses'][200]['content']['application/json'];
    const liveness = (await t.app.inject({ method: 'GET', url: '/healthz' })).json<Liveness>();
    expect(liveness.status).toBe('ok');
    const response = await t.app.inject({ method: 'GET', url: '/api/assessment/metadata', headers: await t.authHeaders({ sub: 'typed_client' }) });
    expect(response.statusCode).toBe(200);
    const metadata = response.json<Metadata>();
    // The spec's 27 dimensions, each read through the generated type's fields.
    expect(metadata.dimensions).toHaveLength(27);
    expect(metadata.dimensions.every((dimension) => dimension.id !== '' && dimension.name !== '' && metadata.functions.includes(dimension.function))).toBe(
      true,
    );
  });
});
