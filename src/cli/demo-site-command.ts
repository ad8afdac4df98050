/**
 * maturity demo-site [--site <name>] [--port <port>]: serves one of the
 * example company sites that ship with the service (src/example-sites/) on
 * 127.0.0.1, so a first run can score something without the internet (the
 * crawler refuses loopback addresses unless CRAWL_ALLOWLIST names them).
 * Prints the address and the variable to set, then serves until stopped.
 * `--site list` prints the examples' names and exits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serveSite, SITES_DIR } from '../example-sites.ts';
import { UsageError } from './usage-error.ts';

/** The richest of the example companies: pricing, docs, changelog, careers, security and more. */
const DEFAULT_SITE = 'lumenfield-platform';
const DEFAULT_PORT = 4100;

/** The shipped examples: every folder under src/example-sites/, by name. */
export function exampleSiteNames(): string[] {
  return fs
    .readdirSync(SITES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export async function demoSiteCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' }, site: { type: 'string' } }, strict: true });
  const names = exampleSiteNames();
  if (values.site === 'list') {
    process.stdout.write(`${names.join('\n')}\n`);
    return;
  }
  const site = values.site ?? DEFAULT_SITE;
  if (!names.includes(site)) throw new UsageError(`demo-site: --site must be one of ${names.join(', ')}`);
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError('demo-site: --port must be a port number');
  const served = await serveSite(path.join(SITES_DIR, site), { port });
  const host = new URL(served.origin).host;
  process.stdout.write(
    [
      `The example company's site (${site}) is at ${served.origin}/`,
      `Other examples: ${names.filter((name) => name !== site).join(', ')} (--site <name>).`,
      '',
      'Score it, with the allowlist that lets the crawler reach this machine:',
      `  CRAWL_ALLOWLIST=${host} npx maturity score ${served.origin}/`,
      `or start the service with CRAWL_ALLOWLIST=${host} npm start and POST {"url":"${served.origin}/"} to /api/score.`,
      '',
      'Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = () => void served.close().finally(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
