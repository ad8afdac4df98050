/**
 * How the benchmarks start the service: exactly as `npm start` does (same
 * Node flags), so the figures are the service's as deployed.
 */
import fs from 'node:fs';
import path from 'node:path';

const packageJson = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } };

/** The Node flags of the `start` script (e.g. heap sizing), read from package.json so the two never drift. */
export const SERVICE_NODE_FLAGS: string[] = packageJson.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
