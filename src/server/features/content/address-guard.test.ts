import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './address-guard';

/** docs/content.md#feeds: the addresses a feed or a web page may not point the server at (SSRF). */
describe('the addresses the server refuses to fetch', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.10', 'documentation (TEST-NET-1)'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['::1', 'IPv6 loopback'],
    ['fd00::1', 'unique local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 (deprecated; may carry any IPv4)'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['100::1', 'IPv6 discard'],
    ['not-an-address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([['8.8.8.8'], ['200.147.67.142'], ['2800:3f0:4001:80a::200e'], ['::ffff:8.8.8.8'], ['64:ff9b::808:808']])(
    'lets a public address through: %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});
