// Code 128 barcodes as inline SVG (the OXXO voucher's): code set C for an even run of digits
// (two per symbol, as voucher references are printed), code set B otherwise (ASCII 32–126).

/** Bar and space widths, in modules, of symbol values 0–106 (106 is the stop with its final bar). */
export const CODE128_PATTERNS: readonly string[] = [
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
]; // prettier-ignore

const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The symbol values of `text`: start, data, checksum, stop. */
export function code128Values(text: string): number[] {
  const digitsOnly = /^\d+$/.test(text) && text.length % 2 === 0;
  const data: number[] = [];
  if (digitsOnly) {
    for (let i = 0; i < text.length; i += 2) data.push(Number(text.slice(i, i + 2)));
  } else {
    for (const ch of text) {
      const code = ch.charCodeAt(0);
      if (code < 32 || code > 126) throw new Error(`Code 128 B cannot encode ${JSON.stringify(ch)}`);
      data.push(code - 32);
    }
  }
  const start = digitsOnly ? START_C : START_B;
  const checksum = data.reduce((sum, v, i) => sum + v * (i + 1), start) % 103;
  return [start, ...data, checksum, STOP];
}

/** The barcode as an SVG element: black bars on white, with a quiet zone of 10 modules each side. */
export function code128Svg(text: string, opts: { module?: number; height?: number } = {}): string {
  const module = opts.module ?? 2;
  const height = opts.height ?? 80;
  const quiet = 10;
  let x = quiet;
  const bars: string[] = [];
  for (const value of code128Values(text)) {
    const widths = CODE128_PATTERNS[value]!;
    [...widths].forEach((w, i) => {
      const width = Number(w);
      if (i % 2 === 0)
        bars.push(`<rect x="${x * module}" y="0" width="${width * module}" height="${height}"/>`);
      x += width;
    });
  }
  const total = (x + quiet) * module;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${height}" width="${total}" height="${height}" ` +
    `role="img" aria-label="Código de barras ${text}"><rect width="${total}" height="${height}" fill="#fff"/>` +
    `<g fill="#000">${bars.join('')}</g></svg>`
  );
}
