import { describe, expect, it } from 'vitest';
import { code128B, code128Pattern, CODE128_START_B, CODE128_STOP } from './code128';

/** The modules of widths as 1 (bar) and 0 (space), as the standard's table prints them. */
function modules(widths: number[]): string {
  return widths.map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(w)).join('');
}

describe('code128Pattern', () => {
  it('matches the standard table for known symbols', () => {
    expect(modules(code128Pattern(0))).toBe('11011001100'); // space
    expect(modules(code128Pattern(16))).toBe('10011101100'); // '0'
    expect(modules(code128Pattern(17))).toBe('10011100110'); // '1'
    expect(modules(code128Pattern(33))).toBe('10100011000'); // 'A'
    expect(modules(code128Pattern(34))).toBe('10001011000'); // 'B'
    expect(modules(code128Pattern(103))).toBe('11010000100'); // start A
    expect(modules(code128Pattern(CODE128_START_B))).toBe('11010010000');
    expect(modules(code128Pattern(105))).toBe('11010011100'); // start C
    expect(modules(code128Pattern(CODE128_STOP))).toBe('1100011101011');
  });

  it('every symbol is 11 modules with an even count of bar modules (the stop: 13)', () => {
    for (let v = 0; v <= 105; v++) {
      const w = code128Pattern(v);
      expect(w).toHaveLength(6);
      expect(w.reduce((a, b) => a + b, 0)).toBe(11);
      expect((w[0]! + w[2]! + w[4]!) % 2).toBe(0);
    }
    expect(code128Pattern(CODE128_STOP).reduce((a, b) => a + b, 0)).toBe(13);
    // No two symbols share a pattern.
    const all = Array.from({ length: 107 }, (_, v) => modules(code128Pattern(v)));
    expect(new Set(all).size).toBe(107);
  });
});

describe('code128B', () => {
  it('start B, each character (code − 32), the weighted check value mod 103, stop', () => {
    // (104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7) mod 103 = 879 mod 103 = 55
    expect(code128B('PJJ123C').values).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('draws a reference number bar first, 11 modules a symbol and 13 for the stop', () => {
    const code = code128B('93000262');
    // 104 + 25·1 + 19·2 + 16·3 + 16·4 + 16·5 + 18·6 + 22·7 + 18·8 = 765; 765 mod 103 = 44
    expect(code.values).toEqual([104, 25, 19, 16, 16, 16, 18, 22, 18, 44, 106]);
    expect(code.modules).toBe(11 * 10 + 13);
    expect(modules(code.widths)).toBe(
      [104, 25, 19, 16, 16, 16, 18, 22, 18, 44, 106].map((v) => modules(code128Pattern(v))).join(''),
    );
    expect(modules(code.widths).startsWith('11010010000')).toBe(true);
    expect(modules(code.widths).endsWith('1100011101011')).toBe(true);
  });

  it('refuses characters outside printable ASCII', () => {
    expect(() => code128B('año')).toThrow(RangeError);
    expect(() => code128B('a\nb')).toThrow(RangeError);
  });
});
