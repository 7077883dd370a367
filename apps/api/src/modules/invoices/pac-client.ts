// Typed client for Facturapi's REST API (v2), the PAC that stamps our CFDI 4.0 documents:
// create (stamp) an invoice, a credit note or a payment complement (type P), download its XML
// and PDF, cancel it with a SAT reason. Base URL
// and key are configuration (CFDI_API_URL, CFDI_API_KEY), so tests point it at
// apps/api/test/fakes/fake-facturapi.ts. Every answer is parsed with zod.
//
// Never twice: each create carries our invoice id as its idempotency key (the body field
// `idempotency_key`, as Facturapi documents it); the provider answers a repeated key with the
// invoice it already made, so a retry after a timeout cannot stamp a second CFDI, and refuses
// the key reused with another body (`idempotency_key_in_use`). What each answer means and what
// the store does with it: docs/providers.md → Facturapi.

import { z } from 'zod';

const invoiceAnswer = z.looseObject({
  id: z.string().min(1),
  /** The folio fiscal (SAT stamp UUID); absent while the stamp is `pending`. */
  uuid: z.string().optional().nullable(),
  /** `valid` (stamped), `pending` (the SAT has not stamped it yet: look again), `canceled`. */
  status: z.string().optional(),
  /** `none`, `pending` (the receiver must accept), `accepted`, `rejected`, `expired`. */
  cancellation_status: z.string().optional().nullable(),
});
export type PacInvoice = z.infer<typeof invoiceAnswer>;

const errorAnswer = z.looseObject({ message: z.string().optional() });

/** The receiver, as every CFDI names it. */
export interface PacCustomer {
  legal_name: string;
  tax_id: string;
  tax_system: string;
  email: string;
  address: { zip: string };
}

/** An ingreso (I, the default) or an egreso (E: a credit note): lines, forma and método de pago. */
export interface PacIncomeInput {
  customer: PacCustomer;
  items: {
    quantity: number;
    /** Discount on the whole line, pesos. */
    discount?: number;
    product: {
      description: string;
      product_key: string;
      unit_key: string;
      /** Unit price in pesos, taxes included. */
      price: number;
      tax_included: boolean;
    };
  }[];
  /** c_TipoDeComprobante: I (ingreso, the default) or E (egreso: a credit note). */
  type?: 'I' | 'E';
  /** c_FormaPago: 31 intermediario de pagos, 01 efectivo, 03 transferencia… 99 por definir (PPD). */
  payment_form: string;
  /**
   * c_MetodoPago: PUE (paid in one go, the default, and the only one an egreso takes) or PPD
   * (paid later: forma 99, and a payment complement when the money arrives).
   */
  payment_method?: 'PUE' | 'PPD';
  /** CFDI relacionados: a credit note names its invoice with relationship 01. */
  related_documents?: { relationship: string; documents: string[] }[];
  /** c_UsoCFDI. */
  use: string;
  /**
   * InformacionGlobal, required by the SAT for a CFDI to público en general: the period the
   * operation belongs to (periodicity `day`, its month "01"–"12" and year).
   */
  global?: {
    periodicity: 'day' | 'week' | 'fortnight' | 'month' | 'two_months';
    months: string;
    year: number;
  };
  external_id?: string;
}

/** One tax of the related document that the payment covers (IVA 16 % transferred, for us). */
export interface PacPaymentTax {
  base: number;
  type: 'IVA' | 'ISR' | 'IEPS';
  rate: number;
}

/** One payment of the Pagos 2.0 complement (Facturapi's `complements[].data[]`). */
export interface PacPayment {
  /** c_FormaPago of how the money came (never 99). */
  payment_form: string;
  /** When the money arrived: ISO 8601 with its offset (Mexico City). */
  date: string;
  related_documents: {
    /** Folio fiscal of the PPD invoice paid. */
    uuid: string;
    /** ImpPagado: what this payment covers of it, pesos. */
    amount: number;
    /** NumParcialidad. */
    installment: number;
    /** ImpSaldoAnt: what was owed before this payment, pesos. */
    last_balance: number;
    taxes: PacPaymentTax[];
  }[];
}

/**
 * A CFDI de pago (type P, "complemento de pago"): no lines, forma or método of its own (the
 * SAT's comprobante de pago has total 0 and uso CP01, which the provider sets); the payment is
 * told in the `pago` complement, related to the PPD invoice by its folio.
 */
export interface PacPaymentInput {
  type: 'P';
  customer: PacCustomer;
  complements: { type: 'pago'; data: PacPayment[] }[];
  external_id?: string;
}

/** What POST /v2/invoices is sent: an ingreso or egreso, or a comprobante de pago. */
export type PacInvoiceInput = PacIncomeInput | PacPaymentInput;

/** Why a call failed; `retryable` = worth trying again later (network, timeout, 5xx, 429). */
export class PacError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PacError';
  }
}

export interface PacClient {
  /** POST /v2/invoices: `valid` with its folio, or `pending` (202) to be looked at later. */
  createInvoice(input: PacInvoiceInput, idempotencyKey: string): Promise<PacInvoice>;
  /** GET /v2/invoices/{id}: where a pending stamp or cancellation stands. */
  getInvoice(id: string): Promise<PacInvoice>;
  download(id: string, format: 'xml' | 'pdf'): Promise<Buffer>;
  /**
   * DELETE /v2/invoices/{id}?motive=…: the invoice as the provider left it (`canceled`, or
   * still `valid` with `cancellation_status` `pending`). Null for 409: a cancellation of it is
   * already in progress (read it with getInvoice).
   */
  cancel(id: string, motive: string): Promise<PacInvoice | null>;
}

export interface PacClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export function createFacturapiClient(opts: PacClientOptions): PacClient {
  const base = opts.baseUrl.replace(/\/+$/, '');

  async function call(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${opts.apiKey}`,
          ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...init.headers,
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new PacError(
        timeout
          ? 'El proveedor de facturación no respondió a tiempo'
          : 'No se pudo contactar al proveedor de facturación',
        true,
      );
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let message = `El proveedor de facturación respondió ${res.status}`;
      try {
        const parsed = errorAnswer.safeParse(JSON.parse(text));
        if (parsed.success && parsed.data.message) message = parsed.data.message;
      } catch {
        // Not JSON: keep the status line.
      }
      throw new PacError(message, res.status >= 500 || res.status === 429 || res.status === 408, res.status);
    }
    return res;
  }

  async function json(res: Response): Promise<PacInvoice> {
    const parsed = invoiceAnswer.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new PacError('Respuesta del proveedor de facturación no válida', true);
    return parsed.data;
  }

  return {
    async createInvoice(input, idempotencyKey) {
      const res = await call('POST', '/v2/invoices', { body: { ...input, idempotency_key: idempotencyKey } });
      return json(res);
    },
    async getInvoice(id) {
      return json(await call('GET', `/v2/invoices/${encodeURIComponent(id)}`));
    },
    async download(id, format) {
      const res = await call('GET', `/v2/invoices/${encodeURIComponent(id)}/${format}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async cancel(id, motive) {
      try {
        const res = await call(
          'DELETE',
          `/v2/invoices/${encodeURIComponent(id)}?motive=${encodeURIComponent(motive)}`,
        );
        return await json(res);
      } catch (err) {
        if (err instanceof PacError && err.status === 409) return null;
        throw err;
      }
    },
  };
}
