import { describe, expect, it } from 'vitest';
import { anonymousCapSubject, clientAddress, parseTrustedProxies } from './client-address.ts';

const noTrust = parseTrustedProxies([]);
const behindProxies = parseTrustedProxies(['10.0.0.0/8', '2001:db8:ffff::/48', '192.0.2.10']);

describe('clientAddress', () => {
  it('takes the socket address and ignores a spoofed X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress({ socketAddress: '203.0.113.5', forwardedFor: '1.1.1.1', trustedProxies: noTrust })).toBe('203.0.113.5');
    expect(clientAddress({ socketAddress: '10.0.0.1', forwardedFor: '1.1.1.1, 8.8.8.8', trustedProxies: noTrust })).toBe('10.0.0.1');
  });

  it('ignores X-Forwarded-For when the peer is not a trusted proxy', () => {
    expect(clientAddress({ socketAddress: '203.0.113.5', forwardedFor: '1.1.1.1', trustedProxies: behindProxies })).toBe(
      '203.0.113.5',
    );
  });

  it('walks from the right past trusted proxies to the first untrusted hop', () => {
    // The client wrote "6.6.6.6"; the edge proxy appended the real peer 198.51.100.4; an inner proxy appended 10.1.1.1.
    const forwardedFor = '6.6.6.6, 198.51.100.4, 10.1.1.1';
    expect(clientAddress({ socketAddress: '10.2.2.2', forwardedFor, trustedProxies: behindProxies })).toBe('198.51.100.4');
  });

  it('reads a header split over several lines as one list', () => {
    const forwardedFor = ['6.6.6.6', '198.51.100.4, 192.0.2.10'];
    expect(clientAddress({ socketAddress: '10.2.2.2', forwardedFor, trustedProxies: behindProxies })).toBe('198.51.100.4');
  });

  it('stops at the leftmost entry when every hop is trusted', () => {
    expect(clientAddress({ socketAddress: '10.0.0.1', forwardedFor: '10.0.0.9, 10.0.0.8', trustedProxies: behindProxies })).toBe(
      '10.0.0.9',
    );
    expect(clientAddress({ socketAddress: '10.0.0.1', forwardedFor: undefined, trustedProxies: behindProxies })).toBe('10.0.0.1');
  });

  it('ends the walk at the last trusted hop when an entry is not an address', () => {
    for (const bad of ['unknown', '127.1', '010.0.0.1', '1.2.3.4.5', '']) {
      expect(clientAddress({ socketAddress: '10.0.0.1', forwardedFor: `6.6.6.6, ${bad}`, trustedProxies: behindProxies })).toBe(
        bad === '' ? '6.6.6.6' : '10.0.0.1',
      );
    }
  });

  it('accepts the port forms some proxies append', () => {
    expect(clientAddress({ socketAddress: '10.0.0.1', forwardedFor: '198.51.100.4:5678', trustedProxies: behindProxies })).toBe(
      '198.51.100.4',
    );
    expect(clientAddress({ socketAddress: '10.0.0.1', forwardedFor: '[2001:db8::7]:443', trustedProxies: behindProxies })).toBe(
      '2001:db8::7',
    );
  });

  it('normalises IPv4-mapped IPv6, on the socket, in the header and in TRUST_PROXY', () => {
    expect(clientAddress({ socketAddress: '::ffff:203.0.113.5', forwardedFor: undefined, trustedProxies: noTrust })).toBe(
      '203.0.113.5',
    );
    expect(clientAddress({ socketAddress: '::ffff:10.0.0.1', forwardedFor: '::ffff:198.51.100.4', trustedProxies: behindProxies })).toBe(
      '198.51.100.4',
    );
    const mappedTrust = parseTrustedProxies(['::ffff:172.16.0.0/108']);
    expect(clientAddress({ socketAddress: '172.16.3.4', forwardedFor: '198.51.100.4', trustedProxies: mappedTrust })).toBe(
      '198.51.100.4',
    );
  });

  it('handles IPv6 proxies and clients', () => {
    expect(
      clientAddress({ socketAddress: '2001:db8:ffff:1::1', forwardedFor: '2001:0db8:0001::0042', trustedProxies: behindProxies }),
    ).toBe('2001:db8:1::42');
  });

  it('answers null only when the socket address is unknown', () => {
    expect(clientAddress({ socketAddress: undefined, forwardedFor: '1.1.1.1', trustedProxies: behindProxies })).toBeNull();
    expect(clientAddress({ socketAddress: 'garbage', forwardedFor: undefined, trustedProxies: behindProxies })).toBeNull();
  });
});

describe('parseTrustedProxies', () => {
  it('refuses entries that are not addresses or ranges, naming them', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/8', '::ffff:0:0/90', '127.1', '10.0.0.0/x']) {
      expect(() => parseTrustedProxies([bad]), bad).toThrow(new RangeError(`TRUST_PROXY: not an address or CIDR range: ${bad}`));
    }
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
