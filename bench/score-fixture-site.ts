/**
 * The scoring benchmark's fixture site, in a process of its own so that the
 * service's memory and CPU figures are the service's alone.
 *
 *   node_modules/.bin/node bench/score-fixture-site.ts <pages> <pageBytes> <delayMs>
 *
 * Prints one line, `READY <origin> <allowlistEntry>`, then serves until
 * SIGTERM (or until its parent closes stdin).
 */
import { startGeneratedSite } from '../test/fixtures/generated-site.ts';

const [pages, pageBytes, delayMs] = process.argv.slice(2, 5).map(Number);
if (![pages, pageBytes, delayMs].every((value) => Number.isInteger(value) && value! >= 0)) {
  process.stderr.write('usage: score-fixture-site.ts <pages> <pageBytes> <delayMs>\n');
  process.exit(2);
}

const site = await startGeneratedSite({ pages: pages!, pageBytes: pageBytes!, delayMs: delayMs! });
process.stdout.write(`READY ${site.url} ${site.allowlistEntry}\n`);

const stop = () => void site.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
// The benchmark holds our stdin open; when it dies without signalling, we go too.
process.stdin.on('end', stop).resume();
