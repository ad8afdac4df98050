/**
 * maturity demo-site [--port <port>]: serves an example company's website on
 * 127.0.0.1, so a first run can score something without the internet (the
 * crawler refuses loopback addresses unless CRAWL_ALLOWLIST names them).
 * Prints the address and the variable to set, then serves until stopped.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serveSite, SITES_DIR } from '../example-sites.ts';
import { UsageError } from './usage-error.ts';

/** The richest of the fixture companies: pricing, docs, changelog, careers, security and more. */
const DEMO_COMPANY = 'lumenfield-platform';
const DEFAULT_PORT = 4100;

export async function demoSiteCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' } }, strict: true });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError('demo-site: --port must be a port number');
  const site = await serveSite(path.join(SITES_DIR, DEMO_COMPANY), { port });
  const host = new URL(site.origin).host;
  process.stdout.write(
    [
      `The example company's site is at ${site.origin}/`,
      '',
      'Score it, with the allowlist that lets the crawler reach this machine:',
      `  CRAWL_ALLOWLIST=${host} npx maturity score ${site.origin}/`,
      `or start the service with CRAWL_ALLOWLIST=${host} npm start and POST {"url":"${site.origin}/"} to /api/score.`,
      '',
      'Stop with Ctrl+C.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = () => void site.close().finally(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
