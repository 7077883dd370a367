// A local fake of the part of Facturapi's REST API (v2) the store uses: create (stamp) an
// invoice, read it, download its XML and PDF, cancel it with a SAT reason. Same paths, bearer
// key, JSON shapes and idempotency behaviour (the body field `idempotency_key`: a repeated key
// with the same body answers the invoice already made, with another body 409
// idempotency_key_in_use). It refuses what Facturapi and the SAT refuse (docs/providers.md):
// unknown fields or wrong types in the body, a uso the receiver's régimen does not take
// (c_UsoCFDI), público en general not sent as the SAT rules say. Scenarios a test asks for: a
// stamp answered 202 `pending` and finished later, a cancellation the receiver must accept
// then accepted, rejected or expired (a second DELETE meanwhile: 409). Tests can also make the
// next calls fail (HTTP error or a hang past the client's timeout) to prove that retries never
// stamp twice. Used by the API tests and, as a server (fake-facturapi-server.ts), by the
// browser journeys.

import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { usosForRegimen } from '@store/shared/domain/cfdi-catalogs';
import { listen, parseJson, sendJson } from '../../src/dev/local-http';

export interface FakeInvoice {
  id: string;
  uuid: string;
  /** I = ingreso, E = egreso (credit note). */
  type: 'I' | 'E';
  related_documents: { relationship: string; documents: string[] }[];
  status: 'valid' | 'pending' | 'canceled';
  /** `none`, or while/after a cancellation the receiver must accept: pending, accepted, rejected, expired. */
  cancellation_status: 'none' | 'pending' | 'verifying' | 'accepted' | 'rejected' | 'expired';
  cancellation_motive: string | null;
  total: number;
  use: string;
  payment_form: string;
  customer: {
    legal_name: string;
    tax_id: string;
    tax_system: string;
    email: string;
    address: { zip: string };
  };
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
  'external_id',
  'idempotency_key',
]);
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
  const top = unknown(input, CREATE_FIELDS, 'body');
  if (top) return top;
  const c = input.customer as Record<string, unknown> | undefined;
  const cErr = unknown(c, CUSTOMER_FIELDS, 'customer');
  if (cErr) return cErr;
  for (const k of ['legal_name', 'tax_id', 'tax_system', 'email'] as const) {
    if (typeof c![k] !== 'string') return `customer.${k} debe ser texto`;
  }
  const addr = unknown(c!.address, new Set(['zip']), 'customer.address');
  if (addr) return addr;
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
    if (input.use !== 'S01') return 'CFDI40138 - El uso del CFDI debe ser S01 para el RFC genérico';
    if (!input.global) return 'CFDI40112 - Falta InformacionGlobal para un CFDI a público en general';
    return null;
  }
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

export function fakeCfdiXml(
  inv: Pick<FakeInvoice, 'uuid' | 'total' | 'customer' | 'use'> &
    Partial<Pick<FakeInvoice, 'type' | 'related_documents'>>,
): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const related = (inv.related_documents ?? [])
    .map(
      (r) =>
        `  <cfdi:CfdiRelacionados TipoRelacion="${esc(r.relationship)}">${r.documents
          .map((d) => `<cfdi:CfdiRelacionado UUID="${esc(d)}"/>`)
          .join('')}</cfdi:CfdiRelacionados>\n`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="4.0" Total="${inv.total.toFixed(2)}" Moneda="MXN" TipoDeComprobante="${inv.type ?? 'I'}">
${related}  <cfdi:Receptor Rfc="${esc(inv.customer.tax_id)}" Nombre="${esc(inv.customer.legal_name)}" DomicilioFiscalReceptor="${esc(inv.customer.address.zip)}" RegimenFiscalReceptor="${esc(inv.customer.tax_system)}" UsoCFDI="${esc(inv.use)}"/>
  <cfdi:Complemento>
    <tfd:TimbreFiscalDigital Version="1.1" UUID="${inv.uuid}"/>
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
      if (!input.use || !input.items?.length) return fail(res, 400, 'Faltan conceptos o el uso del CFDI');
      if (input.type !== undefined && input.type !== 'I' && input.type !== 'E')
        return fail(res, 400, 'Tipo de comprobante no válido');
      const related = relatedError(input);
      if (related) return fail(res, 400, related);
      const sat = satError(input, issuerZip);
      if (sat) return fail(res, 400, sat);
      const script = createScripts.shift();
      const total = input.items.reduce((s, i) => s + i.product.price * i.quantity - (i.discount ?? 0), 0);
      const inv: FakeInvoice = {
        id: randomBytes(12).toString('hex'),
        uuid: randomUUID().toUpperCase(),
        type: input.type ?? 'I',
        related_documents: input.related_documents ?? [],
        status: script?.pending ? 'pending' : 'valid',
        cancellation_status: 'none',
        cancellation_motive: null,
        total: Math.round(total * 100) / 100,
        use: input.use,
        payment_form: input.payment_form ?? '',
        customer: c as FakeInvoice['customer'],
        items: input.items,
        ...(input.global ? { global: input.global } : {}),
        idempotency_key: key || null,
      };
      invoices.set(inv.id, inv);
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
