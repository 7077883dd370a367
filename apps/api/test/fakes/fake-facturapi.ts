// A local fake of the part of Facturapi's REST API (v2) the store uses: create (stamp) an
// invoice, download its XML and PDF, cancel it with a SAT reason. Same paths, bearer key,
// JSON shapes and idempotency behaviour (a repeated idempotency key answers the invoice
// already made). Tests can make the next calls fail (HTTP error or a hang past the
// client's timeout) to prove that retries never stamp twice. Used by the API tests and, as
// a server (fake-facturapi-server.ts), by the browser journeys.

import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, parseJson, sendJson } from '../../src/dev/local-http';

export interface FakeInvoice {
  id: string;
  uuid: string;
  /** I = ingreso, E = egreso (credit note). */
  type: 'I' | 'E';
  related_documents: { relationship: string; documents: string[] }[];
  status: 'valid' | 'canceled';
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
  idempotency_key: string | null;
}

/** A failure of the next call of one kind (any kind when `on` is absent). */
export interface FakeFailure {
  on?: 'create' | 'download' | 'cancel';
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
  close(): Promise<void>;
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
  opts: { port?: number; apiKey?: string } = {},
): Promise<FakeFacturapi> {
  const apiKey = opts.apiKey ?? `sk_test_fake${randomBytes(8).toString('hex')}`;
  const invoices = new Map<string, FakeInvoice>();
  const byKey = new Map<string, string>();
  const failures: FakeFailure[] = [];
  const hanging = new Set<ServerResponse>();
  const state = { createCalls: 0 };

  const fail = (res: ServerResponse, status: number, message: string) => sendJson(res, status, { message });

  async function handle(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    // What the provider holds, for the browser journeys to check (a test-only path).
    if (req.method === 'GET' && path === '/__fake/invoices')
      return sendJson(res, 200, [...invoices.values()]);
    if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(res, 401, 'API key inválida');
    const kind =
      req.method === 'POST'
        ? 'create'
        : req.method === 'DELETE'
          ? 'cancel'
          : req.method === 'GET'
            ? 'download'
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
      const key = String(req.headers['idempotency-key'] ?? input?.idempotency_key ?? '');
      const known = key ? byKey.get(key) : undefined;
      if (known) return sendJson(res, 200, invoices.get(known));
      const c = input?.customer;
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
      const total = input.items.reduce((s, i) => s + i.product.price * i.quantity - (i.discount ?? 0), 0);
      const inv: FakeInvoice = {
        id: randomBytes(12).toString('hex'),
        uuid: randomUUID().toUpperCase(),
        type: input.type ?? 'I',
        related_documents: input.related_documents ?? [],
        status: 'valid',
        cancellation_motive: null,
        total: Math.round(total * 100) / 100,
        use: input.use,
        payment_form: input.payment_form ?? '',
        customer: c as FakeInvoice['customer'],
        items: input.items,
        idempotency_key: key || null,
      };
      invoices.set(inv.id, inv);
      if (key) byKey.set(key, inv.id);
      return sendJson(res, 200, inv);
    }

    const file = /^\/v2\/invoices\/([^/]+)\/(xml|pdf)$/.exec(path);
    if (req.method === 'GET' && file) {
      const inv = invoices.get(file[1]!);
      if (!inv) return fail(res, 404, 'Factura no encontrada');
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
    if (req.method === 'DELETE' && one) {
      const inv = invoices.get(one[1]!);
      if (!inv) return fail(res, 404, 'Factura no encontrada');
      const motive = new URLSearchParams(query).get('motive') ?? '';
      if (!MOTIVES.has(motive)) return fail(res, 400, 'Motivo de cancelación no válido');
      inv.status = 'canceled';
      inv.cancellation_motive = motive;
      return sendJson(res, 200, inv);
    }
    return fail(res, 404, 'Ruta no encontrada');
  }

  const server = await listen(handle, opts.port);
  return {
    url: server.url,
    port: server.port,
    apiKey,
    invoices,
    get createCalls() {
      return state.createCalls;
    },
    failNext: (...f) => failures.push(...f),
    close: async () => {
      for (const res of hanging) res.destroy();
      await server.close();
    },
  };
}
