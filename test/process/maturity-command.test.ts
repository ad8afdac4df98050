/**
 * The `maturity` command as a real process: its usage, `score` with a
 * language model configured, `migrate`, and `serve` run with the service's
 * Node flags. (`token` is in start-and-stop.test.ts, the rest of `score` and
 * `demo-site` in their own files.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../fakes/openai-compatible.ts';
import { serveSite, SITES_DIR } from '../fixtures/static-site.ts';
import { testDatabaseKind } from '../harness.ts';
import { freePort, MATURITY_BIN, NODE, ROOT, run, serverEnv } from './processes.ts';
import { parseStartScript } from '../../src/cli/service-node-flags.ts';

const startScript = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
const SERVICE_NODE_FLAGS = startScript.split(/\s+/).filter((word) => word.startsWith('--'));
// The variables the start script sets before `node`, as NAME=value.
const SERVICE_ENVIRONMENT = Object.entries(parseStartScript(startScript).environment).map(([name, value]) => `${name}=${value}`);

const killOnExit: Array<() => void> = [];
afterAll(() => killOnExit.forEach((kill) => kill()));

// The usage needs no database: it runs once, in the pglite project.
describe.skipIf(testDatabaseKind() === 'postgres')('maturity usage', () => {
  it.each([
    [[], 'No command given'],
    [['grade', 'https://example.com'], 'Unknown command: grade'],
    [['score'], 'score: give exactly one address'],
    [['token', '--sub', 'someone', '--colour', 'blue'], "Unknown option '--colour'"],
    [['worker', '--concurrency', '0'], '--concurrency: expected a whole number from 1 to 64'],
  ])('maturity %j: the mistake and the usage on stderr, nothing on stdout, status 2', async (args, mistake) => {
    const { code, stdout, stderr } = await run(NODE, [MATURITY_BIN, ...args], serverEnv());
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(mistake);
    expect(stderr).toContain('Usage:\n  maturity serve\n');
  });

  it.each([['--help'], ['-h'], ['help']])('maturity %s: the usage of every command on stdout, status 0', async (flag) => {
    const { code, stdout, stderr } = await run(NODE, [MATURITY_BIN, flag], serverEnv());
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('Usage:\n  maturity serve\n');
    for (const command of ['token --sub', 'score <url>', 'worker [--concurrency N]', 'migrate', 'reseal-tokens', 'demo-site [--site <name>]'])
      expect(stdout).toContain(`maturity ${command}`);
  });

  it.each(['serve', 'token', 'score', 'worker', 'migrate', 'reseal-tokens', 'demo-site'])(
    'maturity %s --help and --version: what it does, and the version, status 0, nothing done',
    async (command) => {
      const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
      const help = await run(NODE, [MATURITY_BIN, command, '--help'], serverEnv());
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: maturity ${command}`));
      expect(help.stdout.split('\n').length).toBeGreaterThan(2);
      const shown = await run(NODE, [MATURITY_BIN, command, '--version'], serverEnv());
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toBe(`maturity ${version}\n`);
    },
  );

  it('maturity --version prints the version, status 0', async () => {
    const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    for (const flag of ['--version', '-v']) {
      const { code, stdout } = await run(NODE, [MATURITY_BIN, flag], serverEnv());
      expect(code).toBe(0);
      expect(stdout).toBe(`maturity ${version}\n`);
    }
  });

  it('maturity worker on the embedded database: refused, status 2, since no other process can open it', async () => {
    const env = serverEnv();
    delete env.DATABASE_URL;
    delete env.DATABASE_SCHEMA;
    const { code, stdout, stderr } = await run(NODE, [MATURITY_BIN, 'worker'], env);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('maturity worker needs DATABASE_URL');
  });

  it('stops on a malformed variable, naming it, with status 1', async () => {
    const { code, stderr } = await run(NODE, [MATURITY_BIN, 'token', '--sub', 'someone'], serverEnv({ CRAWL_DEADLINE_MS: 'soon' }));
    expect(code).toBe(1);
    expect(stderr).toContain('CRAWL_DEADLINE_MS');
  });
});

// No database: it runs once, in the pglite project.
describe.skipIf(testDatabaseKind() === 'postgres')('maturity score with a language model configured', () => {
  it('asks the model to refine the levels, and keeps the deterministic result when it fails', async () => {
    const site = await serveSite(path.join(SITES_DIR, 'relaymesh-scaleup'));
    const llm = await startFakeOpenAi({ httpError: { status: 500, message: 'model unavailable' } });
    try {
      const env = serverEnv({ CRAWL_ALLOWLIST: new URL(site.origin).host, LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'test-key', LLM_TIMEOUT_MS: '3000' });
      const { code, stdout, stderr } = await run(NODE, [MATURITY_BIN, 'score', site.origin, '--json'], env);
      expect(code, stderr).toBe(0);
      expect(llm.requests.length).toBeGreaterThan(0);
      expect(stderr).toContain('LLM refinement unavailable; the deterministic result stands');
      expect(JSON.parse(stdout).companyName).toBe('Relaymesh');
    } finally {
      await Promise.all([site.close(), llm.close()]);
    }
  });
});

describe('maturity migrate', () => {
  it('applies every migration to a fresh database, then finds it up to date', async () => {
    const env = serverEnv();
    const migrations = fs.readdirSync(path.join(ROOT, 'src/db/migrations')).filter((name) => name.endsWith('.sql'));
    const first = await run(NODE, [MATURITY_BIN, 'migrate'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`Applied: ${migrations.sort().join(', ')}\n`);
    const second = await run(NODE, [MATURITY_BIN, 'migrate'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('Up to date.\n');
  }, 60_000);
});

describe('maturity serve', () => {
  it("runs the service with npm start's Node flags and variables, and stops on SIGTERM", async () => {
    const port = await freePort();
    const child = spawn(NODE, [MATURITY_BIN, 'serve'], { cwd: ROOT, env: serverEnv({ PORT: String(port) }), stdio: ['ignore', 'ignore', 'pipe'] });
    killOnExit.push(() => child.kill('SIGKILL'));
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, { timeout: 45_000, interval: 100 }).toBe(200);
    if (process.platform === 'linux') {
      // The process that answers is the one spawned (same pid), started with the flags and the variables.
      const commandLine = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine).toEqual(expect.arrayContaining(SERVICE_NODE_FLAGS));
      expect(SERVICE_ENVIRONMENT).toContain('MALLOC_ARENA_MAX=2');
      const environment = fs.readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      expect(environment).toEqual(expect.arrayContaining(SERVICE_ENVIRONMENT));
    }
    child.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);
  }, 60_000);
});
