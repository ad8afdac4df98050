/**
 * The service as a real process: configuration errors stop it with the
 * variable named; SIGTERM lets an in-flight request finish while new
 * connections are refused; the token command's output is a session the
 * server accepts.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE, run, serverEnv, startServerProcess, type ServerProcess } from './processes.ts';

const started: ServerProcess[] = [];
afterAll(() => {
  for (const server of started) server.child.kill('SIGKILL');
});

/** Each starts one or two servers on PGlite, which on a busy two-core CI machine takes well over 30 s. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

describe('start-up', () => {
  it('refuses to start on a malformed variable, naming it', async () => {
    const result = await run(NODE, ['src/main.ts'], serverEnv({ PORT: 'not-a-port', CRAWL_DEADLINE_MS: '-1' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT: expected a whole number');
    expect(result.stderr).toContain('CRAWL_DEADLINE_MS');
  });
});

describe('npx maturity token', () => {
  it(
    'prints only a JWT that a server on the same DATA_DIR accepts as bearer and cookie',
    async () => {
      const env = serverEnv();
      const result = await run(
        'npx',
        ['maturity', 'token', '--sub', 'cli_user', '--account', 'org_cli', '--role', 'admin', '--email', 'cli@example.test', '--ttl', '600'],
        env,
      );
      expect(result.code).toBe(0);
      const token = result.stdout.trim();
      expect(result.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);

      const server = await startServerProcess(env);
      started.push(server);
      const bearer = await fetch(`${server.url}/api/account`, { headers: { authorization: `Bearer ${token}` } });
      expect(bearer.status).toBe(200);
      expect(await bearer.json()).toMatchObject({ kind: 'organization', role: 'admin' });
      const cookie = await fetch(`${server.url}/api/account`, { headers: { cookie: `__session=${token}` } });
      expect(cookie.status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('explains its usage on stderr, with nothing on stdout, when --sub is missing', async () => {
    const result = await run('npx', ['maturity', 'token', '--role', 'owner'], serverEnv());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--sub is required');
  });
});

describe('graceful shutdown', () => {
  it(
    'on SIGTERM finishes the in-flight request, refuses new connections, and exits 0',
    async () => {
      const env = serverEnv();
      const token = (await run('npx', ['maturity', 'token', '--sub', 'shutdown_user'], env)).stdout.trim();
      const server = await startServerProcess(env);
      started.push(server);
      const { port } = new URL(server.url);

      // An in-flight request: headers and half the body sent, the rest held back.
      const body = JSON.stringify({ name: 'Renamed during shutdown' });
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      let response = '';
      socket.on('data', (chunk) => (response += chunk));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        `PUT /api/account HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      server.child.kill('SIGTERM');
      // New connections are refused once the listener has closed (a fresh TCP connection each
      // time: a pooled keep-alive socket would bypass the listener).
      const tryConnect = () =>
        new Promise<'accepted' | 'refused'>((resolve) => {
          const probe = net.connect(Number(port), '127.0.0.1');
          probe.once('connect', () => {
            probe.destroy();
            resolve('accepted');
          });
          probe.once('error', () => resolve('refused'));
        });
      await expect.poll(tryConnect, { timeout: 10_000 }).toBe('refused');

      socket.write(body.slice(10));
      await closed;
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toContain('{"success":true}');
      expect(await server.exited).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
