// Code 128, subset B (ISO/IEC 15417): the barcode under an OXXO voucher's reference number,
// which the cashier scans. `code128B` answers the symbol values (start B, the characters,
// the check value, stop) and the widths of its bars and spaces in modules, bar first; the
// page draws them as SVG rectangles (features/payments/components/barcode.tsx).

/** Bar/space widths of each symbol value 0–105 (11 modules each) and of the stop (106, 13 modules). */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const CODE128_START_B = 104;
export const CODE128_STOP = 106;

/** The widths (modules) of one symbol value's bars and spaces, bar first. */
export function code128Pattern(value: number): number[] {
  const pattern = PATTERNS[value];
  if (pattern === undefined) throw new RangeError(`Code 128: no symbol ${value}`);
  return [...pattern].map(Number);
}

export interface Code128 {
  /** Start B, one value per character, the check value, stop. */
  values: number[];
  /** Every bar and space in order, bar first (odd positions are spaces), in modules. */
  widths: number[];
  /** The symbol's width in modules, without quiet zones. */
  modules: number;
}

/**
 * Encodes printable ASCII (space to '~') in subset B. Throws on any other character: a
 * reference number the scanner could not read back must not be drawn.
 */
export function code128B(text: string): Code128 {
  const values = [CODE128_START_B];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 32 || code > 126) throw new RangeError(`Code 128-B: «${ch}» no se puede codificar`);
    values.push(code - 32);
  }
  // The check value: the start's value plus each character's value times its position, mod 103.
  const check = values.reduce((sum, v, i) => sum + v * Math.max(i, 1), 0) % 103;
  values.push(check, CODE128_STOP);
  const widths = values.flatMap(code128Pattern);
  return { values, widths, modules: widths.reduce((a, b) => a + b, 0) };
}
