/**
 * The service's Node flags (heap sizing) and environment (the C library's
 * allocator) for the commands that do the service's work. They are kept in
 * one place, package.json's start script, and read from it here, as the
 * benchmarks do (bench/service-process.ts).
 *
 * V8 reads its heap flags, and the C library its MALLOC_ variables, only
 * when the process starts, so a command that lacks one replaces its process
 * (execve: the same pid, stdio and signals, nothing to forward) with one that
 * has it, at the cost of a second process start. A flag the caller gave, on
 * the command line or in NODE_OPTIONS, and a variable the caller set are kept
 * as given. Where execve does not exist (Windows) the command runs without
 * them.
 */
import fs from 'node:fs';

const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

export interface StartScript {
  /** The NAME=value words before the command: variables it runs under. */
  environment: Record<string, string>;
  /** Its words that begin with "--": Node's flags (a flag's value is written --name=value). */
  nodeFlags: string[];
}

/** A start script such as `MALLOC_ARENA_MAX=2 node --max-old-space-size=1000 src/main.ts`, read into its parts. */
export function parseStartScript(script: string): StartScript {
  const words = script.trim().split(/\s+/);
  const environment: Record<string, string> = {};
  for (const word of words) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(word);
    if (!assignment) break;
    environment[assignment[1]!] = assignment[2]!;
  }
  return { environment, nodeFlags: words.filter((word) => word.startsWith('--')) };
}

/** The start script of the package.json at `packageJson` (this checkout's by default). */
export function readStartScript(packageJson: string | URL = PACKAGE_JSON): StartScript {
  const { scripts } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { scripts: { start: string } };
  return parseStartScript(scripts.start);
}

/** --max-semi-space-size=16 and --max_semi_space_size=8 name the same flag. */
function flagName(flag: string): string {
  return flag.split('=')[0]!.replaceAll('_', '-');
}

/**
 * Returns when this process has the service's flags and environment;
 * otherwise starts this command again in their presence (and never returns).
 */
export function runWithServiceNodeFlags(): void {
  const { environment, nodeFlags } = readStartScript();
  const given = new Set([...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map(flagName));
  const missingFlags = nodeFlags.filter((flag) => !given.has(flagName(flag)));
  const missingEnvironment = Object.entries(environment).filter(([name]) => process.env[name] === undefined);
  if ((missingFlags.length === 0 && missingEnvironment.length === 0) || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...missingFlags, ...process.execArgv, process.argv[1]!, ...process.argv.slice(2)], {
    ...process.env,
    ...Object.fromEntries(missingEnvironment),
  });
}
