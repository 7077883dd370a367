// The constancia PDF read as text boxes, on Carta and A4, with none to three signatures, with
// and without their images and with very long names: one landscape page of the right size,
// nothing drawn over anything else, every text half an inch and more inside the page (the
// frame itself stands at half an inch), each signature in its own column with room above its
// line, and a damaged image printed as a line to sign by hand rather than a failure.
import { describe, expect, it } from 'vitest';
import { layoutProblems, pdfLayout, type PdfLayout, type TextBox } from '../../../test/pdf-boxes';
import { signaturePng } from '../../../test/signature-png';
import {
  renderConstanciaPdf,
  SAMPLE_NOTE,
  type ConstanciaContent,
  type ConstanciaPaper,
  type ConstanciaSignature,
} from './constancia-pdf';

/** Text keeps more than three quarters of an inch from every edge. */
const MARGIN = 54;

const content: ConstanciaContent = {
  folio: 'AB12-CD34-EF56',
  certificateName: 'María José Hernández Pérez',
  cedula: '12345678',
  specialty: 'Anestesiología',
  institution: 'Instituto Nacional de Cardiología Ignacio Chávez',
  eventName: '2º Curso de Anestesia Cardiovascular',
  days: ['Jueves 29 de mayo', 'Viernes 30 de mayo'],
  minutes: 960,
  endorsement: { body: 'Consejo Mexicano de Anestesiología', number: 'CMA-2025-118', hours: 16, points: 8 },
  issuedAt: new Date('2025-06-02T18:00:00Z'),
  verifyUrl: 'https://tienda.example.mx/constancias/AB12-CD34-EF56',
};

const LONG_EVENT =
  'Simposio internacional de monitoreo hemodinámico avanzado, ecocardiografía transesofágica y manejo de la coagulación en cirugía cardíaca del adulto y pediátrica';
const LONG_NAME =
  'María de los Ángeles Guadalupe Fernández de la Concepción Rodríguez-Villaseñor y Echeverría';

const PEOPLE: ConstanciaSignature[] = [
  { name: 'Dr. Juan Carlos Ramírez Ortega', title: 'Presidente', image: null },
  { name: 'Dra. Lucía Fernández Gómez', title: 'Coordinadora académica', image: null },
  { name: 'Dr. Ernesto Salinas Vega', title: 'Secretario', image: null },
];

const SIZES: Record<ConstanciaPaper, { width: number; height: number }> = {
  carta: { width: 792, height: 612 },
  a4: { width: 842, height: 595 },
};

function withImages(list: ConstanciaSignature[], which: (i: number) => boolean): ConstanciaSignature[] {
  return list.map((s, i) => ({ ...s, image: which(i) ? signaturePng({ seed: i + 1 }) : null }));
}

async function render(
  over: Partial<ConstanciaContent>,
  paper: ConstanciaPaper,
  signatures: ConstanciaSignature[],
): Promise<{ layout: PdfLayout; text: string }> {
  const layout = await pdfLayout(await renderConstanciaPdf({ ...content, ...over, paper, signatures }));
  return { layout, text: layout.boxes.map((b) => b.str).join(' ') };
}

function pageOk(layout: PdfLayout, paper: ConstanciaPaper) {
  expect(layout.pages).toHaveLength(1);
  expect(Math.round(layout.pages[0]!.width)).toBe(SIZES[paper].width);
  expect(Math.round(layout.pages[0]!.height)).toBe(SIZES[paper].height);
  expect(layoutProblems(layout, MARGIN)).toEqual([]);
}

/** The box holding `str` (the first line of a wrapped name). */
function boxOf(layout: PdfLayout, str: string): TextBox {
  const box = layout.boxes.find((b) => b.str === str || str.startsWith(b.str.trim()));
  if (!box) throw new Error(`no box for «${str}»`);
  return box;
}

const PAPERS: ConstanciaPaper[] = ['carta', 'a4'];

describe('the constancia PDF', () => {
  for (const paper of PAPERS) {
    for (const n of [0, 1, 2, 3]) {
      for (const images of ['all', 'none', 'some'] as const) {
        if (n === 0 && images !== 'none') continue;
        it(`${paper}, ${n} signature(s), images: ${images}`, async () => {
          const signatures = withImages(PEOPLE.slice(0, n), (i) =>
            images === 'all' ? true : images === 'some' ? i % 2 === 0 : false,
          );
          const { layout, text } = await render({}, paper, signatures);
          pageOk(layout, paper);
          for (const t of [
            'CONSTANCIA',
            'María José Hernández Pérez',
            'Cédula profesional 12345678',
            '2º Curso de Anestesia Cardiovascular',
            'Días de asistencia: Jueves 29 de mayo, Viernes 30 de mayo',
            'Duración acreditada: 16 h',
            'Actividad avalada por Consejo Mexicano de Anestesiología',
            '16 horas avaladas · 8 puntos de recertificación',
            'Folio: AB12-CD34-EF56',
            'Verifica esta constancia en https://tienda.example.mx/constancias/AB12-CD34-EF56',
            'Ciudad de México, 2 de junio de 2025',
          ]) {
            expect(text).toContain(t);
          }
          if (n === 0) {
            // One line for the association's authorised signature.
            expect(text).toContain('Firma autorizada');
          }
          for (const s of signatures) {
            expect(text).toContain(s.name);
            expect(text).toContain(s.title);
          }
          expect(text).not.toContain('Vista previa');
        });
      }
    }

    it(`${paper}: very long names, event, institution and signatures wrap inside the page`, async () => {
      const signatures = withImages(
        [
          {
            name: 'Dr. Juan Carlos Ramírez Ortega de la Fuente y Mendoza Hernández del Castillo Villalobos',
            title:
              'Presidente del Consejo Directivo de la Asociación Mexicana de Anestesia Cardiovascular y Cuidado del Paciente',
            image: null,
          },
          ...PEOPLE.slice(1),
        ],
        () => true,
      );
      const { layout, text } = await render(
        {
          certificateName: LONG_NAME,
          eventName: LONG_EVENT,
          specialty: 'Anestesiología cardiovascular y cuidados intensivos posquirúrgicos del adulto',
          institution:
            'Hospital de Especialidades del Centro Médico Nacional Siglo XXI del Instituto Mexicano del Seguro Social, Ciudad de México',
          days: ['Jueves 29 de mayo', 'Viernes 30 de mayo', 'Sábado 31 de mayo', 'Domingo 1 de junio'],
          endorsement: {
            body: 'Consejo Mexicano de Anestesiología, A.C., Comité de Educación Médica Continua y Recertificación',
            number: 'CMA-2025-118-EXT-0042',
            hours: 32.5,
            points: 16.5,
          },
        },
        paper,
        signatures,
      );
      pageOk(layout, paper);
      const squeezed = text.replace(/\s+/g, '');
      for (const t of [LONG_NAME, LONG_EVENT, signatures[0]!.name, signatures[0]!.title]) {
        expect(squeezed).toContain(t.replace(/\s+/g, ''));
      }
    });

    it(`${paper}: signatures stand in equal columns, each with room above its line`, async () => {
      const signatures = withImages(PEOPLE, (i) => i === 1);
      const { layout } = await render({}, paper, signatures);
      const names = signatures.map((s) => boxOf(layout, s.name));
      const centres = names.map((b) => b.x + b.width / 2);
      expect(centres[1]! - centres[0]!).toBeCloseTo(centres[2]! - centres[1]!, 0);
      // Centred on the page as a group, and all on one baseline.
      expect((centres[0]! + centres[2]!) / 2).toBeCloseTo(SIZES[paper].width / 2, 0);
      expect(new Set(names.map((b) => Math.round(b.y))).size).toBe(1);
      // No text in the 60 points above a name (the image, or the room to sign by hand, and the
      // line itself), within its column.
      const column = (centres[1]! - centres[0]!) / 2;
      for (const [i, name] of names.entries()) {
        const above = layout.boxes.filter(
          (b) =>
            b !== name &&
            b.y > name.y + name.height &&
            b.y < name.y + name.height + 60 &&
            b.x < centres[i]! + column &&
            b.x + b.width > centres[i]! - column,
        );
        expect(above.map((b) => b.str)).toEqual([]);
      }
    });
  }

  it('a damaged image prints as a line to sign by hand, the constancia is still issued', async () => {
    const signatures = [{ ...PEOPLE[0]!, image: Buffer.from('no es una imagen') }, PEOPLE[1]!];
    const { layout, text } = await render({}, 'carta', signatures);
    pageOk(layout, 'carta');
    expect(text).toContain('Dr. Juan Carlos Ramírez Ortega');
  });

  it('without the new options it is a Carta page with the association’s line (callers of before)', async () => {
    const layout = await pdfLayout(await renderConstanciaPdf(content));
    pageOk(layout, 'carta');
    expect(layout.boxes.map((b) => b.str).join(' ')).toContain('Firma autorizada');
  });

  it('the sample says it is a preview, with folio MUESTRA, on both papers', async () => {
    for (const paper of PAPERS) {
      const layout = await pdfLayout(
        await renderConstanciaPdf({
          ...content,
          folio: 'MUESTRA',
          certificateName: 'Nombre de ejemplo',
          paper,
          signatures: withImages(PEOPLE.slice(0, 2), () => true),
          sample: true,
        }),
      );
      const text = layout.boxes.map((b) => b.str).join(' ');
      expect(text).toContain('VISTA PREVIA');
      expect(text).toContain(SAMPLE_NOTE);
      expect(text).toContain('Folio: MUESTRA');
      // The watermark is drawn across the page on purpose; everything else keeps its place.
      const page = {
        ...layout,
        boxes: layout.boxes.filter((b) => !/VISTA PREVIA|Muestra sin validez/.test(b.str)),
      };
      pageOk(page, paper);
    }
  });
});
