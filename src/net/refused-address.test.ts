import { describe, expect, it } from 'vitest';
import { isRefusedAddress } from './refused-address.ts';

describe('isRefusedAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback, not only .1'],
    ['10.1.2.3', 'RFC 1918'],
    ['172.16.0.1', 'RFC 1918'],
    ['172.31.255.255', 'RFC 1918'],
    ['192.168.1.1', 'RFC 1918'],
    ['169.254.169.254', 'link-local cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'shared address space'],
    ['100.100.100.200', 'Alibaba metadata in shared space'],
    ['168.63.129.16', 'Azure WireServer (public range)'],
    ['192.0.0.192', 'Oracle metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'IPv6 loopback'],
    ['[::1]', 'bracketed IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS IPv6 metadata'],
    ['ff02::1', 'IPv6 multicast'],
    ['fec0::1', 'deprecated site-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['::ffff:0:7f00:1', 'SIIT-translated loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
    ['64:ff9b:1::1', 'local-use NAT64 prefix'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['2130706433', 'decimal loopback'],
    ['0x7f.1', 'hex short loopback'],
    ['0177.0.0.1', 'octal loopback'],
    ['not an address', 'unparseable: fail closed'],
    ['', 'empty: fail closed'],
  ])('refuses %s (%s)', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each([
    ['93.184.215.14', 'public IPv4'],
    ['8.8.8.8', 'public IPv4'],
    ['172.32.0.1', 'just outside 172.16/12'],
    ['100.128.0.1', 'just outside 100.64/10'],
    ['2606:4700::6810:84e5', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::808:808', 'NAT64 of a public address'],
    ['2002:808:808::1', '6to4 of a public address'],
  ])('accepts %s (%s)', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });
});
