// The SPEI transfer data: the CLABE and the reference to write as the concept (each with a copy
// button), the bank, the amount and, after a partial transfer, what arrived and what is left,
// and the deadline (Mexico City).
import { ExternalLink, Printer } from 'lucide-react';
import type { PaymentInstructions } from '@store/shared/schemas/mx-payments';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { centavosText, deadlineText } from '../utils/payment-texts';
import { groupDigits } from './oxxo-voucher';

type Spei = Extract<PaymentInstructions, { kind: 'spei' }>;

/** '0121 8000 1234 5678 90' → the CLABE as banks print it: 3 · 3 · 11 · 1. */
export function clabeText(clabe: string): string {
  const c = clabe.replace(/\s+/g, '');
  return c.length === 18
    ? `${c.slice(0, 3)} ${c.slice(3, 6)} ${c.slice(6, 17)} ${c.slice(17)}`
    : groupDigits(c);
}

export function SpeiTransfer({ transfer, onPrint }: { transfer: Spei; onPrint: () => void }) {
  const received = transfer.amountCentavos - transfer.amountRemainingCentavos;
  const partial = received > 0 && transfer.amountRemainingCentavos > 0;
  return (
    <section
      aria-labelledby="datos-spei"
      className="rounded-xl border-2 border-slate-900 bg-white p-5 sm:p-6 print:border-black print:p-4"
    >
      <h2 id="datos-spei" className="text-lg font-bold tracking-tight">
        Datos para tu transferencia SPEI
      </h2>
      {partial && (
        <Alert tone="info" className="mt-4" title="Recibimos una parte de tu pago">
          Recibimos {centavosText(received)}; faltan {centavosText(transfer.amountRemainingCentavos)}.
          Transfiere lo que falta a la misma CLABE antes de la fecha límite.
        </Alert>
      )}
      <dl className="mt-4 grid gap-4">
        <div>
          <dt className="text-sm text-slate-600">
            {partial ? 'Monto que falta transferir' : 'Monto a transferir'}
          </dt>
          <dd className="text-3xl font-bold tabular-nums">
            {centavosText(transfer.amountRemainingCentavos)}
          </dd>
          {partial && (
            <dd className="text-sm text-slate-600">
              Total de la orden: {centavosText(transfer.amountCentavos)}
            </dd>
          )}
        </div>
        <div>
          <dt className="text-sm text-slate-600">CLABE</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-3">
            {/* On one line on a phone; narrower, it wraps between the CLABE's groups. */}
            <span className="font-mono text-xl font-bold tracking-wider break-words tabular-nums sm:text-2xl">
              {clabeText(transfer.clabe)}
            </span>
            <CopyButton value={transfer.clabe.replace(/\s+/g, '')} what="CLABE" className="print:hidden" />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Banco</dt>
          <dd className="font-semibold">{transfer.bankName || '—'}</dd>
        </div>
        {transfer.reference && (
          <div>
            <dt className="text-sm text-slate-600">Referencia (escríbela en el concepto)</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-3">
              <span className="font-mono text-xl font-bold tracking-wider break-all">
                {transfer.reference}
              </span>
              <CopyButton value={transfer.reference} what="referencia" className="print:hidden" />
            </dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-slate-600">Fecha límite</dt>
          <dd className="font-semibold">{deadlineText(transfer.expiresAt)}</dd>
        </div>
      </dl>
      <h3 className="mt-6 font-semibold">Cómo pagar</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Entra a la banca en línea o a la app de tu banco y da de alta la CLABE como cuenta destino.</li>
        <li>
          Transfiere por SPEI el monto exacto y escribe la referencia en el concepto. Puedes pagar desde la
          cuenta de tu hospital o institución.
        </li>
        <li>
          Cuando llegue la transferencia confirmamos tu compra y te enviamos la confirmación por correo; suele
          tardar unos minutos.
        </li>
      </ol>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <Button variant="secondary" onClick={onPrint}>
          <Printer aria-hidden="true" className="h-4 w-4" /> Imprimir
        </Button>
        {transfer.instructionsUrl && (
          <a
            href={transfer.instructionsUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" /> Instrucciones de Stripe
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        )}
      </div>
    </section>
  );
}
