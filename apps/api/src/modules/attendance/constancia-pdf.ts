// The constancia as a PDF (pdfkit): association, event, the name from the professional
// profile, cédula, the days and hours attended, the event's endorsement (body, number, hours
// and recertification points) when it has one, the folio, and a QR code to the public
// verification page. One landscape letter page.

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
  signatures?: readonly ConstanciaSignature[];
  paper?: 'carta' | 'a4';
}

/** Who signs: the name and title printed under the line, and the signature's image if any. */
export interface ConstanciaSignature {
  name: string;
  title: string;
  image: Buffer | null;
}

const BRAND = '#9f1239';
const INK = '#0f172a';
const MUTED = '#475569';

export async function renderConstanciaPdf(c: ConstanciaContent): Promise<Buffer> {
  const qr = await QRCode.toBuffer(c.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 360,
  });
  const doc = new PDFDocument({
    size: c.paper === 'a4' ? 'A4' : 'LETTER',
    layout: 'landscape',
    margin: 56,
    info: {
      Title: `Constancia ${c.folio}`,
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
  const inner = width - 112;
  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(2)
    .stroke(BRAND);
  doc
    .rect(30, 30, width - 60, height - 60)
    .lineWidth(0.5)
    .stroke(BRAND);

  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(site.name, 56, 62, { width: inner, align: 'center' });
  doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(site.shortName, { width: inner, align: 'center' });

  doc.moveDown(1.6);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(30)
    .text('CONSTANCIA', { width: inner, align: 'center' });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(12).fillColor(MUTED).text('Se otorga a', { width: inner, align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(INK)
    .text(c.certificateName, { width: inner, align: 'center' });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`Cédula profesional ${c.cedula} · ${c.specialty} · ${c.institution}`, {
      width: inner,
      align: 'center',
    });
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(13)
    .fillColor(INK)
    .text('por su asistencia a', { width: inner, align: 'center' })
    .moveDown(0.3)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(c.eventName, { width: inner, align: 'center' })
    .moveDown(0.5)
    .font('Helvetica')
    .fontSize(12)
    .text(`Días de asistencia: ${c.days.join(', ')}`, { width: inner, align: 'center' })
    .text(`Duración acreditada: ${formatDuration(c.minutes)}`, { width: inner, align: 'center' });
  if (c.endorsement) {
    const e = c.endorsement;
    doc
      .moveDown(0.6)
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(BRAND)
      .text(`Actividad avalada por ${e.body} · Aval núm. ${e.number}`, { width: inner, align: 'center' })
      .font('Helvetica')
      .fillColor(INK)
      .text(`${formatEndorsementHours(e.hours)} avaladas · ${formatPoints(e.points)} de recertificación`, {
        width: inner,
        align: 'center',
      });
  }

  const qrSize = 96;
  const bottom = height - 56 - qrSize;
  doc.image(qr, width - 56 - qrSize, bottom, { width: qrSize, height: qrSize });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Ciudad de México, ${formatDateLong(c.issuedAt)}`, 56, bottom + 10, { width: inner - qrSize - 24 })
    .text(`Folio: ${c.folio}`, { width: inner - qrSize - 24 })
    .text(`Verifica esta constancia en ${c.verifyUrl}`, { width: inner - qrSize - 24 });
  doc.end();
  return done;
}
