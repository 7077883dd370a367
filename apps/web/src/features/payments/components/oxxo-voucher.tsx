// The OXXO voucher (ficha de pago): the amount, the reference number in large digits with its
// Code 128 barcode for the cashier to scan, when it expires (Mexico City), how to pay, and
// Stripe's own printable voucher when Stripe gave one.
import { ExternalLink, Printer } from 'lucide-react';
import type { PaymentInstructions } from '@store/shared/schemas/mx-payments';
import { Button } from '../../../components/ui/button';
import { centavosText, deadlineText } from '../utils/payment-texts';
import { Barcode } from './barcode';

type Oxxo = Extract<PaymentInstructions, { kind: 'oxxo' }>;

/** '9300 0262 0001 23': groups of four, easier to dictate and to check. */
export function groupDigits(value: string, size = 4): string {
  return value.replace(/\s+/g, '').replace(new RegExp(`(.{${size}})(?=.)`, 'g'), '$1 ');
}

export function OxxoVoucher({ voucher, onPrint }: { voucher: Oxxo; onPrint: () => void }) {
  return (
    <section
      aria-labelledby="ficha-oxxo"
      className="rounded-xl border-2 border-slate-900 bg-white p-5 sm:p-6 print:border-black print:p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ficha-oxxo" className="text-lg font-bold tracking-tight">
          Ficha de pago en efectivo · OXXO
        </h2>
        <p className="text-sm text-slate-600">Pago único, en pesos mexicanos</p>
      </div>
      <dl className="mt-4 grid gap-4">
        <div>
          <dt className="text-sm text-slate-600">Monto a pagar</dt>
          <dd className="text-3xl font-bold tabular-nums">{centavosText(voucher.amountCentavos)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Número de referencia</dt>
          <dd className="mt-1 font-mono text-2xl font-bold tracking-wider break-words tabular-nums sm:text-3xl">
            {groupDigits(voucher.number)}
          </dd>
          <dd className="mx-auto mt-3 max-w-md">
            <Barcode value={voucher.number} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Vence</dt>
          <dd className="font-semibold">{deadlineText(voucher.expiresAt)}</dd>
        </div>
      </dl>
      <h3 className="mt-6 font-semibold">Cómo pagar</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>
          Paga en efectivo en cualquier tienda OXXO del país antes de la fecha de vencimiento. Di en caja que
          quieres hacer un pago con OXXO Pay.
        </li>
        <li>Muestra esta ficha para que escaneen el código de barras, o dicta el número de referencia.</li>
        <li>Paga exactamente {centavosText(voucher.amountCentavos)} y guarda el ticket que te den.</li>
        <li>
          OXXO nos confirma el pago a más tardar el siguiente día hábil: entonces te enviamos la confirmación
          por correo y tu compra aparece lista en Mis Productos.
        </li>
      </ol>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <Button variant="secondary" onClick={onPrint}>
          <Printer aria-hidden="true" className="h-4 w-4" /> Imprimir
        </Button>
        {voucher.voucherUrl && (
          <a
            href={voucher.voucherUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" /> Ficha para imprimir de Stripe
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        )}
      </div>
    </section>
  );
}
