/**
 * The client address through Fastify's trustProxy walk (proxy-addr), as the
 * app configures it from TRUST_PROXY, with our normalisation on top; the
 * start-up check of TRUST_PROXY; the anonymous cap's keys.
 */
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousCapSubject, clientAddressOf, trustProxyOption } from './client-address.ts';

/** An app that answers the client address it sees, trusting the proxies given as TRUST_PROXY entries. */
function addressEcho(trustedProxies: string[]): FastifyInstance {
  const app = Fastify({ trustProxy: trustProxyOption(trustedProxies) });
  app.get('/', async (request) => ({ address: clientAddressOf(request) }));
  return app;
}

const BEHIND_PROXIES = ['10.0.0.0/8', '2001:db8:ffff::/48', '192.0.2.10'];
let noTrust: FastifyInstance;
let behindProxies: FastifyInstance;
let mappedTrust: FastifyInstance;
beforeAll(() => {
  noTrust = addressEcho([]);
  behindProxies = addressEcho(BEHIND_PROXIES);
  mappedTrust = addressEcho(['::ffff:172.16.0.0/108']);
});
afterAll(() => Promise.all([noTrust.close(), behindProxies.close(), mappedTrust.close()]));

async function addressSeenBy(app: FastifyInstance, remoteAddress: string, forwardedFor?: string | string[]): Promise<string | null> {
  const response = await app.inject({ method: 'GET', url: '/', remoteAddress, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
  return response.json<{ address: string | null }>().address;
}

describe('clientAddressOf, through Fastify trustProxy', () => {
  it('takes the socket address and ignores a spoofed X-Forwarded-For when no proxy is trusted', async () => {
    expect(await addressSeenBy(noTrust, '203.0.113.5', '1.1.1.1')).toBe('203.0.113.5');
    expect(await addressSeenBy(noTrust, '10.0.0.1', '1.1.1.1, 8.8.8.8')).toBe('10.0.0.1');
  });

  it('ignores X-Forwarded-For when the peer is not a trusted proxy', async () => {
    expect(await addressSeenBy(behindProxies, '203.0.113.5', '1.1.1.1')).toBe('203.0.113.5');
  });

  it('walks from the right past trusted proxies to the first untrusted hop', async () => {
    // The client wrote "6.6.6.6"; the edge proxy appended the real peer 198.51.100.4; an inner proxy appended 10.1.1.1.
    expect(await addressSeenBy(behindProxies, '10.2.2.2', '6.6.6.6, 198.51.100.4, 10.1.1.1')).toBe('198.51.100.4');
  });

  it('reads a header split over several lines as one list', async () => {
    expect(await addressSeenBy(behindProxies, '10.2.2.2', ['6.6.6.6', '198.51.100.4, 192.0.2.10'])).toBe('198.51.100.4');
  });

  it('reads a header sent on several lines over a real connection as one list', async () => {
    // A real socket's peer is 127.0.0.1 here, so the loopback address is the first trusted proxy.
    const app = addressEcho(['127.0.0.1', ...BEHIND_PROXIES]);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
      const body = await new Promise<string>((resolve, reject) => {
        // Two X-Forwarded-For lines on the wire: Node joins them into one list, as proxy-addr expects.
        const request = http.get(
          { host: '127.0.0.1', port: address.port, path: '/', headers: { 'x-forwarded-for': ['6.6.6.6', '198.51.100.4, 192.0.2.10'] } },
          (response) => {
            let text = '';
            response
              .setEncoding('utf8')
              .on('data', (chunk: string) => (text += chunk))
              .on('end', () => resolve(text))
              .on('error', reject);
          },
        );
        request.on('error', reject);
      });
      expect(JSON.parse(body)).toEqual({ address: '198.51.100.4' });
    } finally {
      await app.close();
    }
  });

  it('stops at the leftmost entry when every hop is trusted', async () => {
    expect(await addressSeenBy(behindProxies, '10.0.0.1', '10.0.0.9, 10.0.0.8')).toBe('10.0.0.9');
    expect(await addressSeenBy(behindProxies, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('ends the walk at the last trusted hop when an entry is not an address', async () => {
    for (const bad of ['unknown', '127.1', '010.0.0.1', '1.2.3.4.5', '']) {
      expect(await addressSeenBy(behindProxies, '10.0.0.1', `6.6.6.6, ${bad}`), bad).toBe(bad === '' ? '6.6.6.6' : '10.0.0.1');
    }
  });

  it('accepts the port forms some proxies append', async () => {
    expect(await addressSeenBy(behindProxies, '10.0.0.1', '198.51.100.4:5678')).toBe('198.51.100.4');
    expect(await addressSeenBy(behindProxies, '10.0.0.1', '[2001:db8::7]:443')).toBe('2001:db8::7');
  });

  it('normalises IPv4-mapped IPv6, on the socket, in the header and in TRUST_PROXY', async () => {
    expect(await addressSeenBy(noTrust, '::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(await addressSeenBy(behindProxies, '::ffff:10.0.0.1', '::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(await addressSeenBy(mappedTrust, '172.16.3.4', '198.51.100.4')).toBe('198.51.100.4');
  });

  it('handles IPv6 proxies and clients', async () => {
    expect(await addressSeenBy(behindProxies, '2001:db8:ffff:1::1', '2001:0db8:0001::0042')).toBe('2001:db8:1::42');
  });

  it('answers null only when the socket address is unknown', async () => {
    expect(await addressSeenBy(behindProxies, 'garbage')).toBeNull();
    // What Fastify's request gives once the socket is gone: no address, and no walk past it.
    expect(clientAddressOf({ ip: undefined, ips: [undefined] })).toBeNull();
    expect(clientAddressOf({ ip: undefined })).toBeNull();
  });
});

describe('trustProxyOption', () => {
  it('refuses entries that are not addresses or ranges, naming them', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/8', '::ffff:0:0/90', '127.1', '10.0.0.0/x']) {
      expect(() => trustProxyOption([bad]), bad).toThrow(new RangeError(`TRUST_PROXY: not an address or CIDR range: ${bad}`));
    }
  });

  it('refuses a /0 range, which would let any client choose its own address', () => {
    for (const everything of ['0.0.0.0/0', '::/0']) {
      expect(() => trustProxyOption([everything]), everything).toThrow(
        new RangeError(`TRUST_PROXY: a /0 range would trust every address, so any client could choose its own: ${everything}`),
      );
    }
  });

  it('trusts no proxy when there is none, and hands Fastify the entries trimmed', () => {
    expect(trustProxyOption([])).toBe(false);
    expect(trustProxyOption([' 10.0.0.0/8', '::1 '])).toEqual(['10.0.0.0/8', '::1']);
  });
});

describe('anonymousCapSubject', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(anonymousCapSubject('203.0.113.5')).toBe('203.0.113.5');
    expect(anonymousCapSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(anonymousCapSubject('2001:db8:1:2:bbbb::9')).toBe(anonymousCapSubject('2001:db8:1:2:aaaa::1'));
    expect(anonymousCapSubject('2001:db8:1:3::1')).not.toBe(anonymousCapSubject('2001:db8:1:2::1'));
    expect(anonymousCapSubject('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('puts every unknown address under one shared key', () => {
    expect(anonymousCapSubject(null)).toBe('unknown');
    expect(anonymousCapSubject('not an address')).toBe('unknown');
  });
});
