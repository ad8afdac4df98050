/**
 * Redis for tests: the real Redis named by TEST_REDIS_URL, a port nobody
 * listens on, a server that accepts and never answers, and a proxy that can
 * be made to stall mid-connection. All fakes listen on 127.0.0.1 with
 * ephemeral ports.
 */
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { CountingStore } from '../../src/modules/limits/counting-store.ts';

/**
 * The real Redis the Redis tests run against. Unset: those tests are skipped
 * (a developer machine without Redis). Set (CI sets it): they run, and fail
 * if nothing answers there, so a Redis outage in CI is never a silent skip.
 */
export const TEST_REDIS_URL: string | null = process.env.TEST_REDIS_URL || null;

const PROBE_TIMEOUT_MS = 500;
const READY_POLL_MS = 10;
const READY_DEADLINE_MS = 3_000;

/** Whether a Redis answers PING at `url` (the benchmarks skip their Redis rows when none does). */
export async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const finish = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    // A server that wants AUTH answers -NOAUTH: reachable all the same.
    socket.once('data', (reply) => finish(/^[+-]/.test(reply.toString())));
  });
}

/** The Redis store refuses commands until connected; tests wait for that instead of failing closed. */
export async function untilReady(store: CountingStore): Promise<void> {
  const deadline = Date.now() + READY_DEADLINE_MS;
  while (!(await store.ping())) {
    if (Date.now() > deadline) throw new Error('the counting store did not become ready');
    await delay(READY_POLL_MS);
  }
}

export interface FixtureServer {
  url: string;
  close(): Promise<void>;
}

/** A redis:// address whose port was just freed: connecting is refused, like a stopped Redis. */
export async function stoppedRedisUrl(): Promise<string> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `redis://127.0.0.1:${port}`;
}

/** Accepts connections and never answers a byte: a stalled Redis. */
export async function silentServer(): Promise<FixtureServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  const port = await listen(server);
  return { url: `redis://127.0.0.1:${port}`, close: () => closeServer(server, sockets) };
}

export interface StallingProxy extends FixtureServer {
  /** From now on, bytes in either direction are swallowed; connections stay open. */
  stall(): void;
}

/** Forwards to `targetUrl` (the real Redis) until told to stall: a Redis that hangs after the client is ready. */
export async function stallingProxy(targetUrl: string): Promise<StallingProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
    track(client);
    track(upstream);
    client.on('data', (chunk) => stalled || upstream.write(chunk));
    upstream.on('data', (chunk) => stalled || client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await listen(server);
  return {
    url: `redis://127.0.0.1:${port}`,
    stall: () => {
      stalled = true;
    },
    close: () => closeServer(server, sockets),
  };
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

async function closeServer(server: net.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
