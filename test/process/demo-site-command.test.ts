/**
 * `npx maturity demo-site`: an example company's site on 127.0.0.1 that a
 * first run can score with no internet, using the allowlist it prints.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../harness.ts';
import { freePort, MATURITY_BIN, NODE, run, serverEnv } from './processes.ts';

// No database: it runs once, in the pglite project.
describe.skipIf(testDatabaseKind() === 'postgres')('maturity demo-site', () => {
  it('serves the example site, prints the score command with its allowlist, which scores it, and stops on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(NODE, [MATURITY_BIN, 'demo-site', '--port', String(port)], { env: serverEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines: string[] = [];
    for await (const line of createInterface({ input: child.stdout! })) {
      lines.push(line);
      if (line.startsWith('Stop with')) break;
    }
    const printed = lines.join('\n');
    expect(printed).toContain(`The example company's site (lumenfield-platform) is at http://127.0.0.1:${port}/`);
    const command = /CRAWL_ALLOWLIST=(\S+) npx maturity score (\S+)/.exec(printed);
    expect(command?.[1]).toBe(`127.0.0.1:${port}`);

    const scored = await run(NODE, [MATURITY_BIN, 'score', command![2]!, '--json'], serverEnv({ CRAWL_ALLOWLIST: command![1]! }));
    expect(scored.code).toBe(0);
    const result = JSON.parse(scored.stdout);
    expect(result.companyName).toBe('Lumenfield');
    expect(result.crawledPages.length).toBeGreaterThan(10);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('serves another shipped example with --site, and scores it as that company', async () => {
    const port = await freePort();
    const child = spawn(NODE, [MATURITY_BIN, 'demo-site', '--site', 'relaymesh-scaleup', '--port', String(port)], {
      env: serverEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines: string[] = [];
    for await (const line of createInterface({ input: child.stdout! })) {
      lines.push(line);
      if (line.startsWith('Stop with')) break;
    }
    expect(lines.join('\n')).toContain(`The example company's site (relaymesh-scaleup) is at http://127.0.0.1:${port}/`);
    // Without a scheme, the address is read as https: the example serves http, so it is given in full here.
    const scored = await run(
      NODE,
      [MATURITY_BIN, 'score', `http://127.0.0.1:${port}/`, '--json', '--quick'],
      serverEnv({ CRAWL_ALLOWLIST: `127.0.0.1:${port}` }),
    );
    expect(scored.code, scored.stderr).toBe(0);
    expect(JSON.parse(scored.stdout).companyName).toBe('Relaymesh');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('lists the shipped examples with --site list, and refuses an unknown one naming them', async () => {
    const listed = await run(NODE, [MATURITY_BIN, 'demo-site', '--site', 'list'], serverEnv());
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(['burrowly-seed', 'lumenfield-platform', 'relaymesh-scaleup', 'tallyworks-growing']);
    const unknown = await run(NODE, [MATURITY_BIN, 'demo-site', '--site', 'acme'], serverEnv());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--site must be one of burrowly-seed, lumenfield-platform, relaymesh-scaleup, tallyworks-growing');
  });

  it('refuses a port that is not a number, with the usage', async () => {
    const { code, stderr } = await run(NODE, [MATURITY_BIN, 'demo-site', '--port', 'eighty'], serverEnv());
    expect(code).toBe(2);
    expect(stderr).toContain('--port must be a port number');
  });
});
