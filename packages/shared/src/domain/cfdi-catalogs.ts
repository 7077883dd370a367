// CFDI 4.0 fiscal data: the SAT catalogues the store asks from (c_RegimenFiscal, c_UsoCFDI),
// which uso each régimen may use, and the RFC rules (docs/cfdi.md → Fiscal data). Pure
// functions, no I/O; the shared schema, the API and the forms all use them.

/** Persona física (13-character RFC) or persona moral (12). */
export type TaxpayerKind = 'fisica' | 'moral';

export interface RegimenFiscal {
  code: string;
  label: string;
  /** Who may be in it. */
  kinds: readonly TaxpayerKind[];
}

/** c_RegimenFiscal (CFDI 4.0), in the SAT's order. */
export const REGIMENES_FISCALES: readonly RegimenFiscal[] = [
  { code: '601', label: 'General de Ley Personas Morales', kinds: ['moral'] },
  { code: '603', label: 'Personas Morales con Fines no Lucrativos', kinds: ['moral'] },
  { code: '605', label: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', kinds: ['fisica'] },
  { code: '606', label: 'Arrendamiento', kinds: ['fisica'] },
  { code: '607', label: 'Régimen de Enajenación o Adquisición de Bienes', kinds: ['fisica'] },
  { code: '608', label: 'Demás ingresos', kinds: ['fisica'] },
  {
    code: '610',
    label: 'Residentes en el Extranjero sin Establecimiento Permanente en México',
    kinds: ['fisica', 'moral'],
  },
  { code: '611', label: 'Ingresos por Dividendos (socios y accionistas)', kinds: ['fisica'] },
  {
    code: '612',
    label: 'Personas Físicas con Actividades Empresariales y Profesionales',
    kinds: ['fisica'],
  },
  { code: '614', label: 'Ingresos por intereses', kinds: ['fisica'] },
  { code: '615', label: 'Régimen de los ingresos por obtención de premios', kinds: ['fisica'] },
  { code: '616', label: 'Sin obligaciones fiscales', kinds: ['fisica'] },
  {
    code: '620',
    label: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    kinds: ['moral'],
  },
  { code: '621', label: 'Incorporación Fiscal', kinds: ['fisica'] },
  { code: '622', label: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', kinds: ['moral'] },
  { code: '623', label: 'Opcional para Grupos de Sociedades', kinds: ['moral'] },
  { code: '624', label: 'Coordinados', kinds: ['moral'] },
  {
    code: '625',
    label: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    kinds: ['fisica'],
  },
  { code: '626', label: 'Régimen Simplificado de Confianza', kinds: ['fisica', 'moral'] },
];

export interface UsoCfdi {
  code: string;
  label: string;
  /** The régimenes the SAT allows with this uso. */
  regimenes: readonly string[];
}

// The SAT's "Régimen Fiscal Receptor" column of c_UsoCFDI.
const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
const PERSONAL = ['605', '606', '608', '611', '612', '614', '607', '615', '625'];
const ANY = [
  '601',
  '603',
  '605',
  '606',
  '608',
  '610',
  '611',
  '612',
  '614',
  '616',
  '620',
  '621',
  '622',
  '623',
  '624',
  '607',
  '615',
  '625',
  '626',
];

/**
 * c_UsoCFDI (CFDI 4.0) for an ingreso invoice of a sale: the payment (CP01) and payroll (CN01)
 * usos belong to other kinds of CFDI and are left out.
 */
export const USOS_CFDI: readonly UsoCfdi[] = [
  { code: 'G01', label: 'Adquisición de mercancías', regimenes: BUSINESS },
  { code: 'G02', label: 'Devoluciones, descuentos o bonificaciones', regimenes: BUSINESS },
  { code: 'G03', label: 'Gastos en general', regimenes: BUSINESS },
  { code: 'I01', label: 'Construcciones', regimenes: BUSINESS },
  { code: 'I02', label: 'Mobiliario y equipo de oficina por inversiones', regimenes: BUSINESS },
  { code: 'I03', label: 'Equipo de transporte', regimenes: BUSINESS },
  { code: 'I04', label: 'Equipo de cómputo y accesorios', regimenes: BUSINESS },
  { code: 'I05', label: 'Dados, troqueles, moldes, matrices y herramental', regimenes: BUSINESS },
  { code: 'I06', label: 'Comunicaciones telefónicas', regimenes: BUSINESS },
  { code: 'I07', label: 'Comunicaciones satelitales', regimenes: BUSINESS },
  { code: 'I08', label: 'Otra maquinaria y equipo', regimenes: BUSINESS },
  { code: 'D01', label: 'Honorarios médicos, dentales y gastos hospitalarios', regimenes: PERSONAL },
  { code: 'D02', label: 'Gastos médicos por incapacidad o discapacidad', regimenes: PERSONAL },
  { code: 'D03', label: 'Gastos funerales', regimenes: PERSONAL },
  { code: 'D04', label: 'Donativos', regimenes: PERSONAL },
  {
    code: 'D05',
    label: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)',
    regimenes: PERSONAL,
  },
  { code: 'D06', label: 'Aportaciones voluntarias al SAR', regimenes: PERSONAL },
  { code: 'D07', label: 'Primas por seguros de gastos médicos', regimenes: PERSONAL },
  { code: 'D08', label: 'Gastos de transportación escolar obligatoria', regimenes: PERSONAL },
  {
    code: 'D09',
    label: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones',
    regimenes: PERSONAL,
  },
  { code: 'D10', label: 'Pagos por servicios educativos (colegiaturas)', regimenes: PERSONAL },
  { code: 'S01', label: 'Sin efectos fiscales', regimenes: ANY },
];

export const REGIMEN_CODES = REGIMENES_FISCALES.map((r) => r.code) as [string, ...string[]];
export const USO_CODES = USOS_CFDI.map((u) => u.code) as [string, ...string[]];

/** The RFC the SAT uses for sales to the general public (no fiscal identity given). */
export const RFC_PUBLICO_GENERAL = 'XAXX010101000';
/** The generic RFC for foreign buyers without a Mexican RFC. */
export const RFC_EXTRANJERO = 'XEXX010101000';
/** What an invoice to the general public carries (CFDI 4.0 rules). */
export const PUBLICO_GENERAL = { razonSocial: 'PUBLICO EN GENERAL', regimen: '616', uso: 'S01' } as const;

export function regimenLabel(code: string): string {
  return REGIMENES_FISCALES.find((r) => r.code === code)?.label ?? code;
}
export function usoLabel(code: string): string {
  return USOS_CFDI.find((u) => u.code === code)?.label ?? code;
}

/** Upper case, no spaces or dashes: how an RFC is stored and sent. */
export function normalizeRfc(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, '');
}

const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([\dA])$/;
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** The RFC's last character from the 11 or 12 before it (SAT modulo 11). */
export function rfcCheckDigit(rfcWithoutCheck: string): string {
  const padded = rfcWithoutCheck.padStart(12, ' ');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += CHECK_ALPHABET.indexOf(padded[i]!) * (13 - i);
  return CHECK_ALPHABET[(11 - (sum % 11)) % 11]!;
}

export type RfcProblem = 'format' | 'date' | 'check';

export type RfcCheck =
  { ok: true; kind: TaxpayerKind; generic: boolean } | { ok: false; problem: RfcProblem };

/**
 * Checks a (normalised) RFC: 4 letters (física) or 3 (moral), a valid YYMMDD date, a
 * two-character homoclave and the check digit. The generic RFCs (público en general,
 * extranjero) are accepted as they are.
 */
export function checkRfc(rfc: string): RfcCheck {
  if (rfc === RFC_PUBLICO_GENERAL || rfc === RFC_EXTRANJERO)
    return { ok: true, kind: 'fisica', generic: true };
  const m = RFC_PATTERN.exec(rfc);
  if (!m) return { ok: false, problem: 'format' };
  const [, letters, yy, mm, dd] = m as unknown as [string, string, string, string, string];
  const month = Number(mm);
  const day = Number(dd);
  // Any century: 29 February is valid in a year divisible by 4 (2000 was a leap year).
  const leap = Number(yy) % 4 === 0;
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (month < 1 || month > 12 || day < 1 || day > monthDays[month - 1]!)
    return { ok: false, problem: 'date' };
  if (rfcCheckDigit(rfc.slice(0, -1)) !== rfc.slice(-1)) return { ok: false, problem: 'check' };
  return { ok: true, kind: letters.length === 4 ? 'fisica' : 'moral', generic: false };
}

export type FiscalProblem = 'regimenKind' | 'usoRegimen' | 'publicoGeneral';

/**
 * Whether a régimen and uso may go together for this RFC: the régimen must fit a persona
 * física or moral as the RFC says, the SAT must allow the uso with the régimen, and the
 * público en general RFC takes only régimen 616 with uso S01.
 */
export function checkRegimenUso(rfc: string, regimen: string, uso: string): FiscalProblem | null {
  const rfcCheck = checkRfc(rfc);
  if (rfc === RFC_PUBLICO_GENERAL) {
    return regimen === PUBLICO_GENERAL.regimen && uso === PUBLICO_GENERAL.uso ? null : 'publicoGeneral';
  }
  const reg = REGIMENES_FISCALES.find((r) => r.code === regimen);
  const u = USOS_CFDI.find((x) => x.code === uso);
  if (!reg || !u) return 'usoRegimen';
  if (rfcCheck.ok && !rfcCheck.generic && !reg.kinds.includes(rfcCheck.kind)) return 'regimenKind';
  if (!u.regimenes.includes(regimen)) return 'usoRegimen';
  return null;
}

/** The usos the SAT allows with a régimen (what the uso list offers once a régimen is chosen). */
export function usosForRegimen(regimen: string): UsoCfdi[] {
  return USOS_CFDI.filter((u) => u.regimenes.includes(regimen));
}

/**
 * The uso of a credit note (CFDI de egreso) to a receiver in `regimen`: G02 (devoluciones,
 * descuentos o bonificaciones) where the SAT's c_UsoCFDI allows it, otherwise S01 (sin
 * efectos fiscales), which every régimen takes. A receiver in 605, 607, 608, 611, 614, 615 or
 * 616 would have every G02 credit note refused.
 */
export function creditNoteUse(regimen: string): 'G02' | 'S01' {
  return usosForRegimen(regimen).some((u) => u.code === 'G02') ? 'G02' : 'S01';
}

/** The régimenes open to an RFC's kind (all of them while the RFC is incomplete). */
export function regimenesForRfc(rfc: string): RegimenFiscal[] {
  if (rfc === RFC_PUBLICO_GENERAL) return REGIMENES_FISCALES.filter((r) => r.code === '616');
  const c = checkRfc(rfc);
  if (!c.ok || c.generic) return [...REGIMENES_FISCALES];
  return REGIMENES_FISCALES.filter((r) => r.kinds.includes(c.kind));
}

export const CP_PATTERN = /^\d{5}$/;

/** SAT cancellation reasons (c_MotivoCancelacion) the store uses. */
export const CANCEL_MOTIVES = {
  /** Comprobante emitido con errores sin relación: a wrong invoice, re-issued apart. */
  errorsWithoutRelation: '02',
  /** No se llevó a cabo la operación: the order was refunded or cancelled. */
  operationNotCarriedOut: '03',
} as const;
export type CancelMotive = (typeof CANCEL_MOTIVES)[keyof typeof CANCEL_MOTIVES];
