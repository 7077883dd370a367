// A local fake of the part of Facturapi's REST API (v2) the store uses: create (stamp) an
// invoice (type I, PUE or PPD), a credit note (E) or a comprobante de pago (P, with the Pagos
// 2.0 complement), read it, download its XML and PDF, cancel it with a SAT reason. Same paths,
// bearer key, JSON shapes and idempotency behaviour (the body field `idempotency_key`: a
// repeated key with the same body answers the invoice already made, with another body 409
// idempotency_key_in_use). It refuses what Facturapi and the SAT refuse (docs/providers.md):
// unknown fields or wrong types in the body, a uso the receiver's régimen does not take
// (c_UsoCFDI), público en general not sent as the SAT rules say, PPD with a forma other than
// 99 and PUE with 99, a P without its complement, naming no UUID, relating an invoice of ours
// that is not a valid PPD ingreso, or with amounts that do not add up. Scenarios a test asks for: a
// stamp answered 202 `pending` and finished later, a cancellation the receiver must accept
// then accepted, rejected or expired (a second DELETE meanwhile: 409). Tests can also make the
// next calls fail (HTTP error or a hang past the client's timeout) to prove that retries never
// stamp twice. Used by the API tests and, as a server (fake-facturapi-server.ts), by the
// browser journeys.

import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { usosForRegimen } from '@store/shared/domain/cfdi-catalogs';
import { listen, parseJson, sendJson } from '../../src/dev/local-http';

/** One payment of a comprobante de pago's Pagos 2.0 complement (Facturapi's `complements[].data[]`). */
export interface FakePayment {
  payment_form: string;
  date?: string;
  related_documents: {
    uuid: string;
    amount: number;
    installment: number;
    last_balance: number;
    taxes: { base: number; type: string; rate: number; factor?: string; withholding?: boolean }[];
  }[];
}

export interface FakeInvoice {
  id: string;
  uuid: string;
  /** I = ingreso, E = egreso (credit note), P = pago (payment complement). */
  type: 'I' | 'E' | 'P';
  related_documents: { relationship: string; documents: string[] }[];
  status: 'valid' | 'pending' | 'canceled';
  /** `none`, or while/after a cancellation the receiver must accept: pending, accepted, rejected, expired. */
  cancellation_status: 'none' | 'pending' | 'verifying' | 'accepted' | 'rejected' | 'expired';
  cancellation_motive: string | null;
  /** The comprobante's total: 0 for a P (the payment is in its complement). */
  total: number;
  /** CP01 for a P (set by the provider). */
  use: string;
  /** '' for a P (a comprobante de pago has no forma of its own). */
  payment_form: string;
  /** PUE or PPD for an I or E; null for a P. */
  payment_method: 'PUE' | 'PPD' | null;
  /** A P's complement: `[{ type: 'pago', data: [payment] }]`; empty otherwise. */
  complements: { type: 'pago'; data: FakePayment[] }[];
  /** An I paid later (PPD): the ids of the P invoices that relate it (Facturapi's received_payment_ids). */
  received_payment_ids: string[];
  customer: {
    legal_name: string;
    tax_id: string;
    tax_system: string;
    email: string;
    address: { zip: string };
  };
  /** Empty for a P. */
  items: { quantity: number; discount?: number; product: { description: string; price: number } }[];
  global?: { periodicity: string; months: string; year: number };
  idempotency_key: string | null;
}

/** A failure of the next call of one kind (any kind when `on` is absent). */
export interface FakeFailure {
  on?: 'create' | 'get' | 'download' | 'cancel';
  /** HTTP status to answer with; without it the call hangs (past the client's timeout). */
  status?: number;
  message?: string;
}

export interface FakeFacturapi {
  url: string;
  port: number;
  apiKey: string;
  invoices: Map<string, FakeInvoice>;
  /** Every POST /v2/invoices body received, including failed and repeated ones. */
  createCalls: number;
  /** The next matching calls fail this way, in order. */
  failNext(...failures: FakeFailure[]): void;
  /**
   * How the next creates are answered: `pending` = 202 with status pending and no folio (the
   * SAT stamps it later: `finishStamp`, or by itself after `readsUntilValid` GETs).
   */
  scriptCreate(...scripts: { pending: true; readsUntilValid?: number }[]): void;
  /** The SAT stamps a pending invoice: status valid, with its folio. */
  finishStamp(id: string): FakeInvoice;
  /** The next cancellations need the receiver's acceptance: valid + cancellation_status pending. */
  scriptCancel(
    ...scripts: {
      needsAcceptance: true;
      decideAfterReads?: number;
      outcome?: 'accepted' | 'rejected' | 'expired';
    }[]
  ): void;
  /**
   * The receiver answers (or lets the SAT's 72 h pass): accepted and expired cancel the CFDI
   * (the SAT's "plazo vencido"), rejected leaves it valid.
   */
  /**
   * The receiver (or the SAT) answers a pending cancellation: accepted, rejected, expired by
   * lapse, or `verifying` (the SAT is still checking it: not final, the CFDI stays valid).
   */
  decideCancellation(id: string, outcome: 'accepted' | 'rejected' | 'expired' | 'verifying'): FakeInvoice;
  close(): Promise<void>;
}

/** The issuer's lugar de expedición the fake's organisation has (público en general's zip). */
export const FAKE_ISSUER_ZIP = '06700';

/** The top-level fields POST /v2/invoices takes (Facturapi v2); anything else is refused. */
const CREATE_FIELDS = new Set([
  'customer',
  'items',
  'type',
  'payment_form',
  'payment_method',
  'related_documents',
  'use',
  'global',
  'complements',
  'external_id',
  'idempotency_key',
]);
/** What a comprobante de pago (type P) takes: no lines, forma, método, uso or global of its own. */
const PAGO_FIELDS = new Set([
  'customer',
  'type',
  'related_documents',
  'complements',
  'external_id',
  'idempotency_key',
]);
const PAYMENT_FIELDS = new Set([
  'payment_form',
  'date',
  'related_documents',
  'currency',
  'exchange',
  'numOperacion',
]);
const PAYMENT_DOC_FIELDS = new Set([
  'uuid',
  'amount',
  'installment',
  'last_balance',
  'taxes',
  'taxability',
  'currency',
  'exchange',
  'folio_number',
  'series',
]);
const PAYMENT_TAX_FIELDS = new Set(['base', 'type', 'rate', 'factor', 'withholding']);
const CUSTOMER_FIELDS = new Set(['legal_name', 'tax_id', 'tax_system', 'email', 'address']);
const ITEM_FIELDS = new Set(['quantity', 'discount', 'product']);
const PRODUCT_FIELDS = new Set(['description', 'product_key', 'unit_key', 'price', 'tax_included']);
const PERIODICITIES = new Set(['day', 'week', 'fortnight', 'month', 'two_months']);

/** Facturapi's schema checks of a create body: unknown fields and wrong types are refused. */
function schemaError(input: Record<string, unknown>): string | null {
  const unknown = (o: unknown, allowed: Set<string>, where: string) => {
    if (!o || typeof o !== 'object' || Array.isArray(o)) return `${where} debe ser un objeto`;
    const extra = Object.keys(o).find((k) => !allowed.has(k));
    return extra ? `Campo no permitido: ${where}.${extra}` : null;
  };
  const top = unknown(input, input.type === 'P' ? PAGO_FIELDS : CREATE_FIELDS, 'body');
  if (top) return top;
  const c = input.customer as Record<string, unknown> | undefined;
  const cErr = unknown(c, CUSTOMER_FIELDS, 'customer');
  if (cErr) return cErr;
  for (const k of ['legal_name', 'tax_id', 'tax_system', 'email'] as const) {
    if (typeof c![k] !== 'string') return `customer.${k} debe ser texto`;
  }
  const addr = unknown(c!.address, new Set(['zip']), 'customer.address');
  if (addr) return addr;
  if (input.type === 'P') return pagoSchemaError(input.complements, unknown);
  if (!Array.isArray(input.items)) return 'items debe ser una lista';
  for (const item of input.items as Record<string, unknown>[]) {
    const e =
      unknown(item, ITEM_FIELDS, 'items[]') ?? unknown(item.product, PRODUCT_FIELDS, 'items[].product');
    if (e) return e;
    if (typeof item.quantity !== 'number') return 'items[].quantity debe ser un número';
    if (item.discount !== undefined && typeof item.discount !== 'number')
      return 'items[].discount debe ser un número';
    const p = item.product as Record<string, unknown>;
    if (typeof p.price !== 'number' || typeof p.description !== 'string')
      return 'items[].product no es válido';
  }
  for (const k of ['use', 'payment_form', 'external_id', 'idempotency_key', 'payment_method'] as const) {
    if (input[k] !== undefined && typeof input[k] !== 'string') return `${k} debe ser texto`;
  }
  if (input.global !== undefined) {
    const g = input.global as Record<string, unknown>;
    const e = unknown(g, new Set(['periodicity', 'months', 'year']), 'global');
    if (e) return e;
    if (
      !PERIODICITIES.has(String(g.periodicity)) ||
      !/^(0[1-9]|1[0-8])$/.test(String(g.months)) ||
      typeof g.year !== 'number'
    )
      return 'global no es válido';
  }
  return null;
}

/** The shape of a P's `complements` (Facturapi's PagoComplementInput: `data` is a list of payments). */
function pagoSchemaError(
  complements: unknown,
  unknown: (o: unknown, allowed: Set<string>, where: string) => string | null,
): string | null {
  if (!Array.isArray(complements) || complements.length === 0)
    return 'Un CFDI de pago requiere el complemento de pago (complements)';
  for (const c of complements as Record<string, unknown>[]) {
    const e = unknown(c, new Set(['type', 'data']), 'complements[]');
    if (e) return e;
    if (c.type !== 'pago') return 'Un CFDI de pago solo lleva complementos de tipo pago';
    if (!Array.isArray(c.data) || c.data.length === 0)
      return 'complements[].data debe ser una lista de pagos';
    for (const p of c.data as Record<string, unknown>[]) {
      const pe = unknown(p, PAYMENT_FIELDS, 'complements[].data[]');
      if (pe) return pe;
      if (typeof p.payment_form !== 'string') return 'complements[].data[].payment_form es requerido';
      if (p.date !== undefined && typeof p.date !== 'string') return 'complements[].data[].date no es válido';
      if (!Array.isArray(p.related_documents) || p.related_documents.length === 0)
        return 'complements[].data[].related_documents es requerido';
      for (const d of p.related_documents as Record<string, unknown>[]) {
        const de = unknown(d, PAYMENT_DOC_FIELDS, 'related_documents[]');
        if (de) return de;
        if (typeof d.uuid !== 'string' || !d.uuid) return 'related_documents[].uuid es requerido';
        for (const k of ['amount', 'installment', 'last_balance'] as const) {
          if (typeof d[k] !== 'number') return `related_documents[].${k} es requerido y debe ser un número`;
        }
        if (!Array.isArray(d.taxes)) return 'related_documents[].taxes es requerido';
        for (const t of d.taxes as Record<string, unknown>[]) {
          const te = unknown(t, PAYMENT_TAX_FIELDS, 'related_documents[].taxes[]');
          if (te) return te;
          if (typeof t.base !== 'number' || typeof t.rate !== 'number' || typeof t.type !== 'string')
            return 'related_documents[].taxes[] no es válido';
        }
      }
    }
  }
  return null;
}

/**
 * The SAT's rules for the método and forma de pago (CFDI 4.0 and the Pagos 2.0 guide): an
 * ingreso paid later (PPD) carries forma 99 "Por definir", one paid in one go (PUE) never
 * does; an egreso is PUE only (Facturapi).
 */
function paymentMethodError(input: Partial<FakeInvoice>): string | null {
  const method = input.payment_method ?? 'PUE';
  if (method !== 'PUE' && method !== 'PPD') return 'Método de pago no válido: usa PUE o PPD';
  if (!/^\d{2}$/.test(input.payment_form ?? '')) return 'La forma de pago no es válida';
  if (input.type === 'E' && method !== 'PUE') return 'Un CFDI de egreso solo admite el método de pago PUE';
  if (method === 'PPD' && input.payment_form !== '99')
    return 'Con método de pago PPD la forma de pago debe ser 99 (Por definir)';
  if (method === 'PUE' && input.payment_form === '99')
    return 'Con método de pago PUE la forma de pago no puede ser 99 (Por definir)';
  return null;
}

/** Amounts compared to the cent. */
const cents = (n: number) => Math.round(n * 100);

/**
 * The rules of a comprobante de pago's payments (Pagos 2.0): a forma de pago other than 99, a
 * date not in the future, each related document named by its UUID, installment from 1, paid
 * no more than was owed, taxes whose base plus IVA add up to the amount paid. A related
 * invoice the provider holds must be a valid ingreso paid later (PPD), and its first
 * installment must start from its whole total. (An invoice of another system is not known
 * here and is taken as sent.)
 */
function pagoError(payments: FakePayment[], known: (uuid: string) => FakeInvoice | undefined): string | null {
  for (const p of payments) {
    if (!/^\d{2}$/.test(p.payment_form) || p.payment_form === '99')
      return 'La forma de pago del pago debe ser una clave de c_FormaPago distinta de 99';
    if (p.date !== undefined) {
      const at = Date.parse(p.date);
      if (Number.isNaN(at)) return 'La fecha de pago no es válida';
      if (at > Date.now() + 60_000) return 'La fecha de pago no puede ser futura';
    }
    for (const d of p.related_documents) {
      if (!UUID.test(d.uuid)) return 'El documento relacionado debe ser el UUID de un CFDI';
      if (!Number.isInteger(d.installment) || d.installment < 1)
        return 'El número de parcialidad debe ser un entero mayor o igual a 1';
      if (!(d.amount > 0)) return 'El importe pagado debe ser mayor a 0';
      if (cents(d.amount) > cents(d.last_balance))
        return 'El importe pagado no puede ser mayor que el saldo anterior';
      const ivas = d.taxes.filter(
        (t) => t.type === 'IVA' && !t.withholding && (t.factor ?? 'Tasa') === 'Tasa',
      );
      if (ivas.length === d.taxes.length && ivas.length > 0) {
        const paid = ivas.reduce((sum, t) => sum + t.base * (1 + t.rate), 0);
        if (Math.abs(cents(paid) - cents(d.amount)) > ivas.length)
          return 'La base de los impuestos del documento relacionado no corresponde con el importe pagado';
      }
      const inv = known(d.uuid);
      if (!inv) continue;
      if (inv.type !== 'I' || inv.payment_method !== 'PPD')
        return `El CFDI relacionado ${d.uuid} no es un ingreso con método de pago PPD`;
      if (inv.status !== 'valid') return `El CFDI relacionado ${d.uuid} no está vigente`;
      if (d.installment === 1 && cents(d.last_balance) !== cents(inv.total))
        return 'En la primera parcialidad el saldo anterior debe ser el total del CFDI relacionado';
    }
  }
  return null;
}

/**
 * The SAT's rules for the receiver (CFDI 4.0): the uso must be one c_UsoCFDI allows with the
 * receiver's régimen (CFDI40161), and público en general (XAXX010101000) must be named
 * "PUBLICO EN GENERAL", régimen 616, uso S01, the issuer's zip, with InformacionGlobal.
 */
function satError(input: Partial<FakeInvoice>, issuerZip: string): string | null {
  const c = input.customer!;
  if (c.tax_id === 'XAXX010101000') {
    if (c.legal_name !== 'PUBLICO EN GENERAL')
      return 'CFDI40145 - El nombre del receptor debe ser PUBLICO EN GENERAL para el RFC genérico';
    if (c.address.zip !== issuerZip)
      return 'CFDI40149 - El domicilio fiscal del receptor debe ser el lugar de expedición para el RFC genérico';
    if (c.tax_system !== '616')
      return 'CFDI40158 - El régimen fiscal del receptor debe ser 616 para el RFC genérico';
    // A comprobante de pago carries uso CP01 and no InformacionGlobal.
    if (input.type === 'P') return null;
    if (input.use !== 'S01') return 'CFDI40138 - El uso del CFDI debe ser S01 para el RFC genérico';
    if (!input.global) return 'CFDI40112 - Falta InformacionGlobal para un CFDI a público en general';
    return null;
  }
  // CP01 (Pagos) goes with every régimen (c_UsoCFDI); the store's catalogue of an ingreso's usos leaves it out.
  if (input.type === 'P') return input.use === 'CP01' ? null : 'El uso de un CFDI de pago debe ser CP01';
  if (!usosForRegimen(c.tax_system).some((u) => u.code === input.use))
    return `CFDI40161 - El uso ${input.use} no corresponde con el régimen fiscal ${c.tax_system} del receptor`;
  return null;
}

const RFC = /^([A-ZÑ&]{3,4})\d{6}[A-Z\d]{3}$/;
const MOTIVES = new Set(['01', '02', '03', '04']);
/** c_TipoRelacion. */
const RELATIONSHIPS = new Set(['01', '02', '03', '04', '05', '06', '07']);
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** Facturapi's checks of `related_documents`: an egreso must name what it credits. */
function relatedError(input: Partial<FakeInvoice>): string | null {
  const related = input.related_documents;
  if (related === undefined)
    return input.type === 'E' ? 'Un CFDI de egreso requiere CFDI relacionados' : null;
  if (!Array.isArray(related) || related.length === 0) return 'related_documents no es válido';
  for (const r of related) {
    if (!r || !RELATIONSHIPS.has(r.relationship)) return 'Tipo de relación no válido';
    if (!Array.isArray(r.documents) || r.documents.length === 0 || !r.documents.every((d) => UUID.test(d)))
      return 'Los documentos relacionados deben ser UUID de CFDI';
  }
  return null;
}

/** The Pagos 2.0 complement of a P, as the SAT's XML writes it. */
function pagosXml(complements: FakeInvoice['complements'], esc: (s: string) => string): string {
  const payments = complements.flatMap((c) => c.data);
  if (payments.length === 0) return '';
  const money = (n: number) => n.toFixed(2);
  const pagos = payments
    .map((p) => {
      const docs = p.related_documents
        .map(
          (d) =>
            `<pago20:DoctoRelacionado IdDocumento="${esc(d.uuid)}" MonedaDR="MXN" EquivalenciaDR="1" NumParcialidad="${d.installment}" ImpSaldoAnt="${money(d.last_balance)}" ImpPagado="${money(d.amount)}" ImpSaldoInsoluto="${money(d.last_balance - d.amount)}" ObjetoImpDR="${d.taxes.length ? '02' : '01'}"/>`,
        )
        .join('');
      const monto = p.related_documents.reduce((sum, d) => sum + d.amount, 0);
      return `<pago20:Pago FechaPago="${esc(p.date ?? '')}" FormaDePagoP="${esc(p.payment_form)}" MonedaP="MXN" TipoCambioP="1" Monto="${money(monto)}">${docs}</pago20:Pago>`;
    })
    .join('');
  return `    <pago20:Pagos xmlns:pago20="http://www.sat.gob.mx/Pagos20" Version="2.0">${pagos}</pago20:Pagos>\n`;
}

export function fakeCfdiXml(
  inv: Pick<FakeInvoice, 'uuid' | 'total' | 'customer' | 'use'> &
    Partial<
      Pick<FakeInvoice, 'type' | 'related_documents' | 'payment_form' | 'payment_method' | 'complements'>
    >,
): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  // A comprobante de pago has no FormaPago or MetodoPago of its own (SAT's Pagos 2.0 guide).
  const method =
    inv.type !== 'P' && inv.payment_form
      ? ` FormaPago="${esc(inv.payment_form)}" MetodoPago="${esc(inv.payment_method ?? 'PUE')}"`
      : '';
  const related = (inv.related_documents ?? [])
    .map(
      (r) =>
        `  <cfdi:CfdiRelacionados TipoRelacion="${esc(r.relationship)}">${r.documents
          .map((d) => `<cfdi:CfdiRelacionado UUID="${esc(d)}"/>`)
          .join('')}</cfdi:CfdiRelacionados>\n`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="4.0" Total="${inv.total.toFixed(2)}" Moneda="${inv.type === 'P' ? 'XXX' : 'MXN'}" TipoDeComprobante="${inv.type ?? 'I'}"${method}>
${related}  <cfdi:Receptor Rfc="${esc(inv.customer.tax_id)}" Nombre="${esc(inv.customer.legal_name)}" DomicilioFiscalReceptor="${esc(inv.customer.address.zip)}" RegimenFiscalReceptor="${esc(inv.customer.tax_system)}" UsoCFDI="${esc(inv.use)}"/>
  <cfdi:Complemento>
${pagosXml(inv.complements ?? [], esc)}    <tfd:TimbreFiscalDigital Version="1.1" UUID="${inv.uuid}"/>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;
}

/** A small valid PDF naming the folio. */
export function fakeCfdiPdf(uuid: string): Buffer {
  const text = `CFDI ${uuid}`;
  const stream = `BT /F1 12 Tf 50 750 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function startFakeFacturapi(
  opts: { port?: number; apiKey?: string; issuerZip?: string } = {},
): Promise<FakeFacturapi> {
  const apiKey = opts.apiKey ?? `sk_test_fake${randomBytes(8).toString('hex')}`;
  const issuerZip = opts.issuerZip ?? FAKE_ISSUER_ZIP;
  const invoices = new Map<string, FakeInvoice>();
  /** idempotency_key → the invoice made and the body it was made from. */
  const byKey = new Map<string, { id: string; body: string }>();
  const failures: FakeFailure[] = [];
  const createScripts: { pending: true; readsUntilValid?: number }[] = [];
  const cancelScripts: {
    needsAcceptance: true;
    decideAfterReads?: number;
    outcome?: 'accepted' | 'rejected' | 'expired';
  }[] = [];
  /** Invoices the SAT finishes after so many GETs (a pending stamp, a pending cancellation). */
  const pendingReads = new Map<string, { reads: number; then: () => void }>();
  const hanging = new Set<ServerResponse>();
  const state = { createCalls: 0 };

  const fail = (res: ServerResponse, status: number, message: string) => sendJson(res, status, { message });

  async function handle(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    // What the provider holds, for the browser journeys to check (a test-only path).
    if (req.method === 'GET' && path === '/__fake/invoices')
      return sendJson(res, 200, [...invoices.values()]);
    // The next cancellation needs the receiver's acceptance (a journey asks for it; test only).
    if (req.method === 'POST' && path === '/__fake/script-cancel') {
      api.scriptCancel({ needsAcceptance: true });
      return sendJson(res, 200, { ok: true });
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(res, 401, 'API key inválida');
    const kind =
      req.method === 'POST'
        ? 'create'
        : req.method === 'DELETE'
          ? 'cancel'
          : req.method === 'GET'
            ? /\/(xml|pdf)$/.test(path)
              ? 'download'
              : 'get'
            : null;
    if (kind === 'create') state.createCalls += 1;
    const at = failures.findIndex((f) => !f.on || f.on === kind);
    if (at >= 0) {
      const [failure] = failures.splice(at, 1);
      if (failure!.status === undefined) {
        hanging.add(res);
        return;
      }
      return fail(res, failure!.status, failure!.message ?? 'Error del proveedor');
    }

    if (req.method === 'POST' && path === '/v2/invoices') {
      const input = parseJson(body) as Partial<FakeInvoice> | null;
      if (!input || typeof input !== 'object') return fail(res, 400, 'El cuerpo debe ser un objeto JSON');
      const shape = schemaError(input as Record<string, unknown>);
      if (shape) return fail(res, 400, shape);
      const key = input.idempotency_key ?? '';
      const known = key ? byKey.get(key) : undefined;
      if (known && known.body !== body) {
        return sendJson(res, 409, {
          message: 'La llave de idempotencia ya se usó con otros datos',
          code: 'idempotency_key_in_use',
        });
      }
      if (known) {
        const inv = invoices.get(known.id)!;
        return sendJson(res, inv.status === 'pending' ? 202 : 200, inv);
      }
      const c = input.customer;
      if (!c || !RFC.test(c.tax_id ?? '')) return fail(res, 400, 'El RFC del receptor no es válido');
      if (!/^\d{5}$/.test(c.address?.zip ?? ''))
        return fail(res, 400, 'El código postal del receptor no es válido');
      if (!/^\d{3}$/.test(c.tax_system ?? ''))
        return fail(res, 400, 'El régimen fiscal del receptor no es válido');
      if (input.type !== undefined && input.type !== 'I' && input.type !== 'E' && input.type !== 'P')
        return fail(res, 400, 'Tipo de comprobante no válido');
      const pago = input.type === 'P';
      if (!pago && (!input.use || !input.items?.length))
        return fail(res, 400, 'Faltan conceptos o el uso del CFDI');
      if (!pago) {
        const method = paymentMethodError(input);
        if (method) return fail(res, 400, method);
      }
      const related = relatedError(input);
      if (related) return fail(res, 400, related);
      // The provider sets a P's uso: CP01 (Pagos).
      const use = pago ? 'CP01' : input.use!;
      const sat = satError({ ...input, use }, issuerZip);
      if (sat) return fail(res, 400, sat);
      if (pago) {
        const known = (uuid: string) =>
          [...invoices.values()].find((i) => i.uuid.toUpperCase() === uuid.toUpperCase());
        const payments = input.complements!.flatMap((cp) => cp.data);
        const wrong = pagoError(payments, known);
        if (wrong) return fail(res, 400, wrong);
      }
      const script = createScripts.shift();
      const items = pago ? [] : input.items!;
      const total = items.reduce((s, i) => s + i.product.price * i.quantity - (i.discount ?? 0), 0);
      const inv: FakeInvoice = {
        id: randomBytes(12).toString('hex'),
        uuid: randomUUID().toUpperCase(),
        type: input.type ?? 'I',
        related_documents: input.related_documents ?? [],
        status: script?.pending ? 'pending' : 'valid',
        cancellation_status: 'none',
        cancellation_motive: null,
        total: Math.round(total * 100) / 100,
        use,
        payment_form: pago ? '' : (input.payment_form ?? ''),
        payment_method: pago ? null : (input.payment_method ?? 'PUE'),
        complements: pago ? input.complements! : [],
        received_payment_ids: [],
        customer: c as FakeInvoice['customer'],
        items,
        ...(input.global ? { global: input.global } : {}),
        idempotency_key: key || null,
      };
      invoices.set(inv.id, inv);
      if (pago) {
        // Facturapi lists the P on each invoice of the organisation it pays.
        for (const d of inv.complements.flatMap((cp) => cp.data).flatMap((p) => p.related_documents)) {
          const paid = [...invoices.values()].find((i) => i.uuid.toUpperCase() === d.uuid.toUpperCase());
          if (paid && paid.id !== inv.id) paid.received_payment_ids.push(inv.id);
        }
      }
      if (key) byKey.set(key, { id: inv.id, body });
      if (script?.pending) {
        if (script.readsUntilValid !== undefined) {
          pendingReads.set(inv.id, { reads: script.readsUntilValid, then: () => api.finishStamp(inv.id) });
        }
        return sendJson(res, 202, view(inv));
      }
      return sendJson(res, 200, inv);
    }

    const file = /^\/v2\/invoices\/([^/]+)\/(xml|pdf)$/.exec(path);
    if (req.method === 'GET' && file) {
      const inv = invoices.get(file[1]!);
      if (!inv) return fail(res, 404, 'Factura no encontrada');
      if (inv.status === 'pending') return fail(res, 400, 'La factura aún no ha sido timbrada');
      if (file[2] === 'xml') {
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(fakeCfdiXml(inv));
      } else {
        res.writeHead(200, { 'Content-Type': 'application/pdf' });
        res.end(fakeCfdiPdf(inv.uuid));
      }
      return;
    }

    const one = /^\/v2\/invoices\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const inv = invoices.get(one[1]!);
      if (!inv) return fail(res, 404, 'Factura no encontrada');
      const waiting = pendingReads.get(inv.id);
      if (waiting && --waiting.reads <= 0) {
        pendingReads.delete(inv.id);
        waiting.then();
      }
      return sendJson(res, 200, view(inv));
    }
    if (req.method === 'DELETE' && one) {
      const inv = invoices.get(one[1]!);
      if (!inv) return fail(res, 404, 'Factura no encontrada');
      const motive = new URLSearchParams(query).get('motive') ?? '';
      if (!MOTIVES.has(motive)) return fail(res, 400, 'Motivo de cancelación no válido');
      if (inv.status === 'pending') return fail(res, 400, 'La factura aún no ha sido timbrada');
      if (inv.status === 'canceled') return fail(res, 400, 'La factura ya fue cancelada');
      if (inv.cancellation_status === 'pending')
        return fail(res, 409, 'Ya hay una solicitud de cancelación en proceso para esta factura');
      inv.cancellation_motive = motive;
      const script = cancelScripts.shift();
      if (script?.needsAcceptance) {
        inv.cancellation_status = 'pending';
        if (script.decideAfterReads !== undefined) {
          pendingReads.set(inv.id, {
            reads: script.decideAfterReads,
            then: () => api.decideCancellation(inv.id, script.outcome ?? 'accepted'),
          });
        }
        return sendJson(res, 200, view(inv));
      }
      inv.status = 'canceled';
      inv.cancellation_status = 'accepted';
      return sendJson(res, 200, inv);
    }
    return fail(res, 404, 'Ruta no encontrada');
  }

  /** What the API shows of an invoice: no folio while it is pending. */
  function view(inv: FakeInvoice) {
    return inv.status === 'pending' ? { ...inv, uuid: null } : inv;
  }

  const must = (id: string) => {
    const inv = invoices.get(id);
    if (!inv) throw new Error(`fake Facturapi: unknown invoice ${id}`);
    return inv;
  };

  const server = await listen(handle, opts.port);
  const api: FakeFacturapi = {
    url: server.url,
    port: server.port,
    apiKey,
    invoices,
    get createCalls() {
      return state.createCalls;
    },
    failNext: (...f) => failures.push(...f),
    scriptCreate: (...scripts) => createScripts.push(...scripts),
    finishStamp(id) {
      const inv = must(id);
      if (inv.status === 'pending') inv.status = 'valid';
      return inv;
    },
    scriptCancel: (...scripts) => cancelScripts.push(...scripts),
    decideCancellation(id, outcome) {
      const inv = must(id);
      inv.cancellation_status = outcome;
      if (outcome !== 'rejected' && outcome !== 'verifying') inv.status = 'canceled';
      return inv;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await server.close();
    },
  };
  return api;
}
