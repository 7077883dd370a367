// The constancia as a PDF (pdfkit): association, event, the name from the professional
// profile, cédula, the days and hours attended, the event's endorsement (body, number, hours
// and recertification points) when it has one, up to three signatures, the date, the folio and
// a QR code to the public verification page. One landscape page, Carta (letter) or A4, each laid
// out for its own size: every mark at least half an inch from the edge so any printer prints it
// whole. A signature without an image leaves the room above its line to sign by hand.

import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatDuration, formatEndorsementHours, formatPoints } from '@store/shared/domain/attendance';
import type { ConstanciaEndorsement } from '@store/shared/schemas/attendance';
import { formatDateLong } from '@store/shared/domain/time';
import { site } from '@store/shared/site';

export interface ConstanciaContent {
  folio: string;
  certificateName: string;
  cedula: string;
  specialty: string;
  institution: string;
  eventName: string;
  days: readonly string[];
  minutes: number;
  endorsement: ConstanciaEndorsement | null;
  issuedAt: Date;
  verifyUrl: string;
}

/** Who signs, left to right; without an image the line is left to sign by hand. */
export interface ConstanciaSignature {
  name: string;
  title: string;
  /** PNG or JPEG bytes. */
  image: Buffer | null;
}

export type ConstanciaPaper = 'carta' | 'a4';

export interface ConstanciaPdfOptions {
  /** Up to three; none: one blank line for the association's authorised signature. */
  signatures?: readonly ConstanciaSignature[];
  /** Default: carta. */
  paper?: ConstanciaPaper;
  /** The back office's preview: a «Vista previa» watermark so it cannot pass for a real one. */
  sample?: boolean;
}

const BRAND = '#9f1239';
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#334155';

/** The frame's outer edge: half an inch, inside what any office printer prints. */
const FRAME = 36;
/** Text and images start here, left and right. */
const SIDE = 68;
const TOP = 62;
const BOTTOM = 58;
const QR_SIZE = 64;
/** The room above a signature's line: an image fits in it, or a hand signature. */
const SIGN_ROOM = 56;
const MAX_SIGNATURES = 3;
/** Printed on the back office's preview, above the folio «MUESTRA». */
export const SAMPLE_NOTE = 'Vista previa de impresión: muestra sin validez, no es una constancia.';

const PAGE_SIZE: Record<ConstanciaPaper, string> = { carta: 'LETTER', a4: 'A4' };

type Doc = PDFKit.PDFDocument;
interface Run {
  text: string;
  font: 'Helvetica' | 'Helvetica-Bold';
  size: number;
  color: string;
  /** Space above it, at full scale. */
  gap: number;
}

export async function renderConstanciaPdf(c: ConstanciaContent & ConstanciaPdfOptions): Promise<Buffer> {
  const paper = c.paper ?? 'carta';
  const qr = await QRCode.toBuffer(c.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 360,
  });
  const doc = new PDFDocument({
    size: PAGE_SIZE[paper],
    layout: 'landscape',
    // Everything is placed by hand; the margin only keeps pdfkit from breaking the page.
    margin: FRAME,
    info: {
      Title: c.sample ? 'Constancia (vista previa)' : `Constancia ${c.folio}`,
      Author: site.name,
      Subject: c.eventName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const inner = width - 2 * SIDE;
  doc
    .rect(FRAME, FRAME, width - 2 * FRAME, height - 2 * FRAME)
    .lineWidth(2)
    .stroke(BRAND);
  doc
    .rect(FRAME + 6, FRAME + 6, width - 2 * FRAME - 12, height - 2 * FRAME - 12)
    .lineWidth(0.5)
    .stroke(BRAND);
  if (c.sample) watermark(doc);

  // Header: the association, always at the top.
  let y = TOP;
  y = put(doc, { text: site.name, font: 'Helvetica-Bold', size: 13, color: BRAND, gap: 0 }, y, inner, 1);
  y = put(doc, { text: site.shortName, font: 'Helvetica', size: 10, color: MUTED, gap: 2 }, y, inner, 1);
  const bodyTop = y + 10;

  // Footer: date, folio and verification on the left, the QR code on the right.
  const footerTop = height - BOTTOM - QR_SIZE;
  doc.image(qr, width - SIDE - QR_SIZE, footerTop, { width: QR_SIZE, height: QR_SIZE });
  const footerWidth = inner - QR_SIZE - 24;
  const footer = [
    ...(c.sample ? [SAMPLE_NOTE] : []),
    `Ciudad de México, ${formatDateLong(c.issuedAt)}`,
    `Folio: ${c.folio}`,
    `Verifica esta constancia en ${c.verifyUrl}`,
  ];
  const footerFont = (t: string) =>
    t === SAMPLE_NOTE
      ? doc.font('Helvetica-Bold').fontSize(9).fillColor(BRAND)
      : doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  const footerHeight = footer.reduce(
    (h, t) => h + footerFont(t).heightOfString(t, { width: footerWidth }),
    0,
  );
  let fy = footerTop + QR_SIZE - footerHeight;
  for (const t of footer) {
    footerFont(t).text(t, SIDE, fy, { width: footerWidth });
    fy += doc.heightOfString(t, { width: footerWidth });
  }

  // Signatures: equal columns above the footer.
  const signatures: readonly ConstanciaSignature[] =
    c.signatures && c.signatures.length > 0
      ? c.signatures.slice(0, MAX_SIGNATURES)
      : [{ name: site.shortName, title: 'Firma autorizada', image: null }];
  const signTop = drawSignatures(doc, signatures, footerTop - 14, inner);

  // The body, as large as fits between the header and the signatures, centred in that room.
  const runs = bodyRuns(c);
  const room = signTop - 14 - bodyTop;
  let scale = 1;
  while (scale > 0.55 && measure(doc, runs, inner, scale) > room) scale -= 0.05;
  const bodyHeight = measure(doc, runs, inner, scale);
  y = bodyTop + Math.max(0, (room - bodyHeight) / 2);
  for (const run of runs) y = put(doc, run, y, inner, scale);

  doc.end();
  return done;
}

function bodyRuns(c: ConstanciaContent): Run[] {
  const runs: Run[] = [
    { text: 'CONSTANCIA', font: 'Helvetica-Bold', size: 30, color: INK, gap: 0 },
    { text: 'Se otorga a', font: 'Helvetica', size: 12, color: MUTED, gap: 10 },
    { text: c.certificateName, font: 'Helvetica-Bold', size: 24, color: INK, gap: 4 },
    {
      text: `Cédula profesional ${c.cedula} · ${c.specialty} · ${c.institution}`,
      font: 'Helvetica',
      size: 11,
      color: MUTED,
      gap: 4,
    },
    { text: 'por su asistencia a', font: 'Helvetica', size: 13, color: INK, gap: 12 },
    { text: c.eventName, font: 'Helvetica-Bold', size: 16, color: INK, gap: 4 },
    {
      text: `Días de asistencia: ${c.days.join(', ')}`,
      font: 'Helvetica',
      size: 12,
      color: INK,
      gap: 8,
    },
    {
      text: `Duración acreditada: ${formatDuration(c.minutes)}`,
      font: 'Helvetica',
      size: 12,
      color: INK,
      gap: 1,
    },
  ];
  if (c.endorsement) {
    const e = c.endorsement;
    runs.push(
      {
        text: `Actividad avalada por ${e.body} · Aval núm. ${e.number}`,
        font: 'Helvetica-Bold',
        size: 11,
        color: BRAND,
        gap: 8,
      },
      {
        text: `${formatEndorsementHours(e.hours)} avaladas · ${formatPoints(e.points)} de recertificación`,
        font: 'Helvetica',
        size: 11,
        color: INK,
        gap: 1,
      },
    );
  }
  return runs;
}

/** Long names shrink to two lines (then wrap further only at the smallest size). */
function fitSize(doc: Doc, run: Run, width: number, scale: number): number {
  const big = run.size >= 16;
  let size = run.size * scale;
  if (!big) return size;
  const floor = Math.max(run.size * 0.6 * scale, 10);
  doc.font(run.font);
  while (size > floor && doc.fontSize(size).heightOfString(run.text, { width }) > size * 1.25 * 2)
    size -= 0.5;
  return size;
}

function measure(doc: Doc, runs: readonly Run[], width: number, scale: number): number {
  return runs.reduce((h, run) => {
    const size = fitSize(doc, run, width, scale);
    return h + run.gap * scale + doc.font(run.font).fontSize(size).heightOfString(run.text, { width });
  }, 0);
}

/** Draws a centred run at `y` (plus its gap); returns where the next one starts. */
function put(doc: Doc, run: Run, y: number, width: number, scale: number): number {
  const size = fitSize(doc, run, width, scale);
  const top = y + run.gap * scale;
  doc.font(run.font).fontSize(size).fillColor(run.color);
  const h = doc.heightOfString(run.text, { width, align: 'center' });
  doc.text(run.text, SIDE, top, { width, align: 'center' });
  return top + h;
}

/**
 * Each signature in its own equal column, bottom-aligned on `bottom`: the image (or empty room)
 * above a line, the name and the title below it. Returns the top of the block.
 */
function drawSignatures(
  doc: Doc,
  signatures: readonly ConstanciaSignature[],
  bottom: number,
  inner: number,
): number {
  const n = signatures.length;
  // One or two signatures do not spread across the whole page: columns of at most 230 pt.
  const colWidth = Math.min(inner / n, 230);
  const left = SIDE + (inner - colWidth * n) / 2;
  const textWidth = colWidth - 16;
  const lineWidth = Math.min(colWidth - 24, 190);
  const nameSize = n === 3 ? 10 : 10.5;
  const titleSize = n === 3 ? 8.5 : 9;
  const textHeight = (s: ConstanciaSignature) =>
    doc
      .font('Helvetica-Bold')
      .fontSize(nameSize)
      .heightOfString(s.name, { width: textWidth, align: 'center' }) +
    2 +
    doc.font('Helvetica').fontSize(titleSize).heightOfString(s.title, { width: textWidth, align: 'center' });
  const below = Math.max(...signatures.map(textHeight));
  const lineY = bottom - below - 6;
  const top = lineY - SIGN_ROOM;

  signatures.forEach((s, i) => {
    const x = left + i * colWidth;
    const lineX = x + (colWidth - lineWidth) / 2;
    if (s.image) drawImage(doc, s.image, lineX, top + 2, lineWidth, SIGN_ROOM - 4);
    doc
      .moveTo(lineX, lineY)
      .lineTo(lineX + lineWidth, lineY)
      .lineWidth(0.75)
      .stroke(RULE);
    const tx = x + 8;
    doc
      .font('Helvetica-Bold')
      .fontSize(nameSize)
      .fillColor(INK)
      .text(s.name, tx, lineY + 6, { width: textWidth, align: 'center' });
    const nameH = doc.heightOfString(s.name, { width: textWidth, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(titleSize)
      .fillColor(MUTED)
      .text(s.title, tx, lineY + 6 + nameH + 2, { width: textWidth, align: 'center' });
  });
  return top;
}

interface OpenedImage {
  width: number;
  height: number;
}

/** The image scaled into the box (aspect kept), centred and standing on the box's bottom. */
function drawImage(doc: Doc, bytes: Buffer, x: number, y: number, w: number, h: number): void {
  let image: OpenedImage;
  try {
    image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
  } catch {
    // A damaged file prints as an empty line, to be signed by hand.
    return;
  }
  doc.image(image as unknown as Buffer, x, y, { fit: [w, h], align: 'center', valign: 'bottom' });
}

function watermark(doc: Doc): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-24, { origin: [width / 2, height / 2] });
  doc
    .font('Helvetica-Bold')
    .fontSize(64)
    .fillColor(BRAND)
    .fillOpacity(0.1)
    .text('VISTA PREVIA', 0, height / 2 - 50, { width, align: 'center', lineBreak: false })
    .fontSize(26)
    .text('Muestra sin validez', 0, height / 2 + 22, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

/** How big a signature image may be, in pixels (readable when printed, sane to embed). */
export const SIGNATURE_PIXELS = { minWidth: 60, minHeight: 20, max: 4000 } as const;

/**
 * The pixel size of a PNG or JPEG as the PDF will read it, or null when pdfkit cannot read it
 * (a damaged file): checked on upload so only images that print reach the storage.
 */
export function signatureImageSize(bytes: Buffer): { width: number; height: number } | null {
  try {
    const doc = new PDFDocument({ autoFirstPage: false });
    const image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
    return { width: image.width, height: image.height };
  } catch {
    return null;
  }
}
