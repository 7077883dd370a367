// Checkout's "¿Requieres factura?": a checkbox that opens the CFDI receiver's fields, filled
// from the account's saved data. The data is kept with the order and saved on the account.
import { Checkbox } from '../../../components/ui/input';
import type { InvoiceChoice } from '../hooks/use-invoice-choice';
import { FiscalFields } from './fiscal-fields';

export function InvoiceRequestSection({ choice }: { choice: InvoiceChoice }) {
  return (
    <section aria-labelledby="checkout-invoice-title" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="checkout-invoice-title" className="text-xl font-bold tracking-tight">
        FACTURA <span className="text-brand-700">ELECTRÓNICA</span>
      </h2>
      <Checkbox
        containerClassName="mt-4"
        label="¿Requieres factura? Emitiremos tu CFDI 4.0 y te lo enviaremos por correo."
        checked={choice.wanted}
        onChange={(e) => choice.setWanted(e.currentTarget.checked)}
      />
      {choice.wanted && (
        <div className="mt-5">
          <FiscalFields form={choice.form} idPrefix="checkout-fiscal" />
        </div>
      )}
    </section>
  );
}
