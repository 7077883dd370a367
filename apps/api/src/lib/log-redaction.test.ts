import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc', '/reset-password?token=[redactado]'],
    ['/x?a=1&resetToken=abc&b=2', '/x?a=1&resetToken=[redactado]&b=2'],
    ['/x?t%6Fken=abc', '/x?t%6Fken=[redactado]'],
    ['/x?api_key=1&password=2&sig=3', '/x?api_key=[redactado]&password=[redactado]&sig=[redactado]'],
    ['/x?token=abc#frag', '/x?token=[redactado]'],
    ['/api/product/list', '/api/product/list'],
    ['/collection?search=curso&sort=low-high', '/collection?search=curso&sort=low-high'],
    ['/x?%E0%A4%A=1&token', '/x?%E0%A4%A=1&token'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
