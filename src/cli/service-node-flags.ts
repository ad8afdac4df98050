/**
 * The service's Node flags (heap sizing) for the commands that do the
 * service's work. They are kept in one place, package.json's start script, and
 * read from it here, as the benchmarks do (bench/service-process.ts).
 *
 * V8 reads its heap flags only when the process starts, so a command that
 * lacks one replaces its process (execve: the same pid, stdio and signals,
 * nothing to forward) with one that has it, at the cost of a second process
 * start. A flag the caller gave, on the command line or in NODE_OPTIONS, is
 * kept as given. Where execve does not exist (Windows) the command runs
 * without the flags.
 */
import fs from 'node:fs';

const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

/** The flags of package.json's start script: its words that begin with "--" (so a flag's value is written --name=value). */
export function serviceNodeFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** --max-semi-space-size=16 and --max_semi_space_size=8 name the same flag. */
function flagName(flag: string): string {
  return flag.split('=')[0]!.replaceAll('_', '-');
}

/** Returns when this process has the service's flags; otherwise starts this command again in their presence (and never returns). */
export function runWithServiceNodeFlags(): void {
  const given = new Set([...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map(flagName));
  const missing = serviceNodeFlags().filter((flag) => !given.has(flagName(flag)));
  if (missing.length === 0 || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, process.argv[1]!, ...process.argv.slice(2)]);
}
