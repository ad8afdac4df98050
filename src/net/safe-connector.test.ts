import { connect } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingServer } from '../../test/fixtures/hostile/counting-server.ts';
import type { FixtureServer } from '../../test/fixtures/hostile/fixture-server.ts';
import { HostNotFoundError, RefusedAddressError } from './connect-errors.ts';
import { createSafeConnector, type HostLookup, type SafeConnectorOptions } from './safe-connector.ts';

const PUBLIC_ADDRESS = '93.184.215.14';

/** A lookup that answers from a script, one answer per call (the last answer repeats). */
function scriptedLookup(...answers: string[][]): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    const answer = answers[Math.min(calls.length, answers.length - 1)] ?? [];
    calls.push(hostname);
    return answer.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  return Object.assign(lookup, { calls });
}

describe('createSafeConnector', () => {
  let internal: FixtureServer;
  const agents: Agent[] = [];

  beforeAll(async () => {
    internal = await startCountingServer('127.0.0.2');
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close()));
    await internal.close();
  });

  function agentWith(options: Partial<SafeConnectorOptions>): Agent {
    const agent = new Agent({
      connect: createSafeConnector({ allowlist: [], lookup: scriptedLookup([]), connectTimeoutMs: 2000, ...options }),
    });
    agents.push(agent);
    return agent;
  }

  async function get(url: string, agent: Agent): Promise<unknown> {
    try {
      const response = await request(url, { dispatcher: agent });
      await response.body.text();
      return response.statusCode;
    } catch (error) {
      return error;
    }
  }

  it.each(['127.0.0.2', '[::ffff:127.0.0.2]', '[::ffff:7f00:2]', '2130706434', '0x7f.0.0.2'])(
    'refuses the literal %s without the pre-check, before any socket is opened',
    async (host) => {
      const before = internal.connections;
      const result = await get(`http://${host}:${internal.port}/`, agentWith({}));
      expect(result).toBeInstanceOf(RefusedAddressError);
      expect(internal.connections).toBe(before);
    },
  );

  it('refuses a name that resolves to a refused address, without connecting', async () => {
    const lookup = scriptedLookup(['127.0.0.2']);
    const before = internal.connections;
    const result = await get(`http://internal.example:${internal.port}/`, agentWith({ lookup }));
    expect(result).toBeInstanceOf(RefusedAddressError);
    expect(lookup.calls).toEqual(['internal.example']);
    expect(internal.connections).toBe(before);
  });

  it('refuses a name when any of its addresses is refused, even after a public one', async () => {
    const opened: string[] = [];
    const agent = agentWith({
      lookup: scriptedLookup([PUBLIC_ADDRESS, '127.0.0.2']),
      openSocket: (options, callback) => {
        opened.push(options.hostname);
        callback(new Error('must not be called'), null);
      },
    });
    expect(await get('http://mixed.example/', agent)).toBeInstanceOf(RefusedAddressError);
    expect(opened).toEqual([]);
  });

  it('connects to the exact address it checked, so a second answer (DNS rebinding) cannot slip through', async () => {
    const lookup = scriptedLookup([PUBLIC_ADDRESS], ['127.0.0.2']);
    const opened: string[] = [];
    const agent = agentWith({
      lookup,
      openSocket: (options, callback) => {
        opened.push(options.hostname);
        const refusal = Object.assign(new Error('simulated: no route'), { code: 'ENETUNREACH' });
        callback(refusal, null);
      },
    });
    const before = internal.connections;

    const first = await get(`http://rebind.example:${internal.port}/`, agent);
    const second = await get(`http://rebind.example:${internal.port}/`, agent);

    expect(opened).toEqual([PUBLIC_ADDRESS]);
    expect(first).toMatchObject({ code: 'ENETUNREACH' });
    expect(second).toBeInstanceOf(RefusedAddressError);
    expect(lookup.calls).toEqual(['rebind.example', 'rebind.example']);
    expect(internal.connections).toBe(before);
  });

  it('checks the connected socket too, and drops it when its remote address is refused', async () => {
    const agent = agentWith({
      lookup: scriptedLookup([PUBLIC_ADDRESS]),
      // A network path that lands somewhere other than the address asked for.
      openSocket: (_options, callback) => {
        const socket = connect(internal.port, '127.0.0.2', () => callback(null, socket));
      },
    });
    const requestsBefore = internal.requests.length;
    expect(await get(`http://elsewhere.example:${internal.port}/`, agent)).toBeInstanceOf(RefusedAddressError);
    expect(internal.requests.length).toBe(requestsBefore);
  });

  it('reports a name with no address as not found', async () => {
    expect(await get('http://nowhere.example/', agentWith({ lookup: scriptedLookup([]) }))).toBeInstanceOf(HostNotFoundError);
  });

  it('lets an allowlisted host through to its resolved address, and keeps the Host header', async () => {
    const lookup = scriptedLookup(['127.0.0.2']);
    const agent = agentWith({ lookup, allowlist: [`fixture.test:${internal.port}`] });
    expect(await get(`http://fixture.test:${internal.port}/`, agent)).toBe(200);
    expect(internal.requests.at(-1)?.host).toBe(`fixture.test:${internal.port}`);
  });

  it('does not let an allowlist entry for one port open another', async () => {
    const agent = agentWith({ allowlist: [`127.0.0.2:${internal.port + 1}`] });
    expect(await get(`http://127.0.0.2:${internal.port}/`, agent)).toBeInstanceOf(RefusedAddressError);
  });
});
