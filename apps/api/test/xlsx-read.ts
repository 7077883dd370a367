// Reads back an .xlsx written by lib/xlsx.ts (tests and browser journeys): every sheet's rows as
// text and number cells, found through the ZIP's central directory and checked against each
// entry's CRC-32, so a broken file fails the test instead of being read loosely.

import { inflateRawSync } from 'node:zlib';
import { crc32 } from '../src/lib/xlsx';

export type ReadCell = string | number | null;

function entries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no es un ZIP: falta el registro final');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('directorio central dañado');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + packed);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (crc32(data) !== crc) throw new Error(`CRC distinto en ${name}`);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)![0];
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

/** Sheet name → rows of cells. */
export function readXlsx(buf: Buffer): Record<string, ReadCell[][]> {
  const files = entries(buf);
  const workbook = files.get('xl/workbook.xml')?.toString('utf8');
  if (!workbook) throw new Error('falta xl/workbook.xml');
  const names = [...workbook.matchAll(/<sheet name="([^"]*)"/g)].map((m) => unescape(m[1]!));
  const book: Record<string, ReadCell[][]> = {};
  names.forEach((name, i) => {
    const xml = files.get(`xl/worksheets/sheet${i + 1}.xml`)?.toString('utf8') ?? '';
    book[name] = [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map((row) => {
      const cells: ReadCell[] = [];
      for (const c of row[1]!.matchAll(/<c r="([A-Z]+)\d+"[^>]*?(t="inlineStr")?[^>]*>(.*?)<\/c>/g)) {
        const text = /<t[^>]*>(.*?)<\/t>/s.exec(c[3]!);
        const value = /<v>(.*?)<\/v>/.exec(c[3]!);
        cells[columnIndex(c[1]!)] = text ? unescape(text[1]!) : value ? Number(value[1]) : null;
      }
      return Array.from(cells, (c) => c ?? null);
    });
  });
  return book;
}
