import { describe, expect, it } from 'vitest';
import { ipKey } from './rate-limit';

describe('ipKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(ipKey('203.0.113.5')).toBe('203.0.113.5');
  });

  it('keys an IPv6 address by its /64, whatever its notation', () => {
    const key = '2001:db8:0:1::/64';
    expect(ipKey('2001:db8:0:1::1')).toBe(key);
    expect(ipKey('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(ipKey('2001:db8::1:0:0:0:1')).toBe(key);
    expect(ipKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('2001:db8:0:2::1')).not.toBe(key);
  });

  it('counts an IPv4-mapped address as its IPv4', () => {
    expect(ipKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(ipKey('::ffff:cb00:7105')).toBe('203.0.113.5');
  });

  it('reads a dotted IPv4 tail of a plain IPv6 address', () => {
    expect(ipKey('64:ff9b::203.0.113.5')).toBe('64:ff9b:0:0::/64');
  });
});
