/**
 * How the benchmarks start the service: exactly as `npm start` does (the same
 * Node flags and variables, `src/main.ts`, run in the checkout's directory), so the figures
 * are the service's as deployed. Each benchmark keeps its own environment
 * (what it sets, what it deletes) and passes it whole; this file only spawns,
 * waits for readiness and stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { request } from 'undici';
import { readStartScript } from '../src/cli/service-node-flags.ts';

/** This checkout: the service a benchmark runs unless it is told to run another (e.g. --service-root). */
export const THIS_CHECKOUT = path.resolve(import.meta.dirname, '..');

/** The Node flags of a checkout's `start` script (e.g. heap sizing), read from its package.json so the two never drift. */
export function startScriptFlags(root: string): string[] {
  return readStartScript(path.join(root, 'package.json')).nodeFlags;
}

/** This checkout's start flags. */
export const SERVICE_NODE_FLAGS: string[] = startScriptFlags(THIS_CHECKOUT);

/** The readiness poll's period: short against a start of a second or more. */
const POLL_INTERVAL_MS = 100;
const DEFAULT_READY_TIMEOUT_MS = 60_000;

/** A port nothing listens on now, on 127.0.0.1 (the OS picks it; it is released at once for the service to take). */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface StartServiceOptions {
  /** The checkout to run; default this one. */
  root?: string;
  /** The service's whole environment (default process.env); HOST=127.0.0.1 and PORT are set over it, METRICS_PORT=0 under it (several services, one machine). */
  env?: NodeJS.ProcessEnv;
  /** Default: the start script's flags of `root`'s package.json. */
  nodeFlags?: string[];
  /** Added after `nodeFlags` (e.g. --cpu-prof). */
  extraNodeFlags?: string[];
  /** The port to listen on, when the caller needs it before the start (e.g. for PUBLIC_BASE_URL); default a free one. */
  port?: number;
  /** The service's stdout (its log); stderr is always inherited, so a failing start says why. Default 'ignore'. */
  stdout?: 'ignore' | 'inherit';
  /** The path polled until it answers 200; default /readyz. */
  readyPath?: '/readyz' | '/healthz';
  timeoutMs?: number;
  /** What the errors call it, e.g. "baseline service"; default "service". */
  label?: string;
}

export interface RunningService {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
}

/**
 * Spawns `<root>/src/main.ts` under this Node and resolves once the ready
 * path answers 200. Throws when the process exits first, or (after stopping
 * it) when it is not ready within the timeout.
 */
export async function startService(options: StartServiceOptions = {}): Promise<RunningService> {
  const root = options.root ?? THIS_CHECKOUT;
  const label = options.label ?? 'service';
  const port = options.port ?? (await freePort());
  const startScript = readStartScript(path.join(root, 'package.json'));
  const flags = [...(options.nodeFlags ?? startScript.nodeFlags), ...(options.extraNodeFlags ?? [])];
  const child = spawn(process.execPath, [...flags, path.join(root, 'src/main.ts')], {
    cwd: root,
    // The start script's variables (the allocator's), unless the benchmark sets them itself.
    env: { METRICS_PORT: '0', ...startScript.environment, ...(options.env ?? process.env), HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`the ${label} exited with ${child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode}`);
    try {
      const response = await request(`${base}${options.readyPath ?? '/readyz'}`);
      await response.body.dump();
      if (response.statusCode === 200) return { child, base, port };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  await stopProcess(child);
  throw new Error(`the ${label} did not become ready`);
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then waits for the exit; nothing when the process has already exited. Any child: a service, a peer, a browser. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
