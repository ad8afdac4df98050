/**
 * Issue 24, item 1, as it was seen: POST /api/score on a slow site, the
 * server killed with SIGKILL mid-score, then started again. The charge of
 * the score that never got a result is given back within a minute of the
 * restart, and the usage figures say so.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE, run, serverEnv, startServerProcess, type ServerProcess } from './processes.ts';

const started: ServerProcess[] = [];
const sockets = new Set<Socket>();
// A site that accepts every request and never answers: the crawl is still waiting when the server dies.
const slowSite = http.createServer(() => {});
slowSite.on('connection', (socket) => sockets.add(socket));

afterAll(async () => {
  for (const server of started) server.child.kill('SIGKILL');
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => slowSite.close(() => resolve()));
});

async function usage(url: string, token: string): Promise<{ credits: number; scores: number }> {
  const response = await fetch(`${url}/api/usage`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { credits: { used: number }; scores: { used: number } };
  return { credits: body.credits.used, scores: body.scores.used };
}

describe('a server killed mid-score', () => {
  it('gives the charge back within a minute of its restart', { timeout: 150_000 }, async () => {
    await new Promise<void>((resolve) => slowSite.listen(0, '127.0.0.1', resolve));
    const siteHost = `127.0.0.1:${(slowSite.address() as AddressInfo).port}`;
    const env = serverEnv({ CRAWL_ALLOWLIST: siteHost, CRAWL_REQUEST_TIMEOUT_MS: '60000', CRAWL_DEADLINE_MS: '120000' });
    const token = (await run(NODE, ['bin/maturity.js', 'token', '--sub', 'crash_scorer', '--ttl', '3600'], env)).stdout.trim();

    const first = await startServerProcess(env);
    started.push(first);
    const scoring = fetch(`${first.url}/api/score`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://${siteHost}/` }),
    }).catch(() => 'connection lost');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await usage(first.url, token)).toEqual({ credits: 10, scores: 1 });
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await scoring).toBe('connection lost');

    const second = await startServerProcess(env);
    started.push(second);
    const restartedAt = Date.now();
    await expect.poll(() => usage(second.url, token), { timeout: 60_000, interval: 1_000 }).toEqual({ credits: 0, scores: 0 });
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
  });
});
