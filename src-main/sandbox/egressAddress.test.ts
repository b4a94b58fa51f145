import { describe, expect, it } from 'vitest';
import { addressKind } from './egressAddress';

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['93.184.216.34', 'public'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:db8::1', 'reserved'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::c0a8:101', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['::ffff:8.8.8.8', 'public'],
  ])('an IPv6 form carrying IPv4, %s, is judged by that address (%s)', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('is undefined for anything that is not an IP address', () => {
    for (const text of ['localhost', '2130706433', '127.1', '0x7f000001', '1.2.3.256', 'example.com', ''])
      expect(addressKind(text)).toBeUndefined();
  });
});
