// How a team purchase is paid (docs/groups.md): PayPal, and a SPEI transfer when the association
// offers it (hospitals and institutions usually pay by transfer). Without SPEI the PayPal
// buttons stand alone, as before. SPEI holds the order and answers its transfer data; a refusal
// (too close to the event, turned off) shows above the button. With the institution's fiscal
// data, SPEI asks when the CFDI is stamped: once paid (PUE) or before paying, to process the
// payment against it (PPD, its payment complement after the transfer); PayPal is always PUE.
import { useId, useState, type ReactNode } from 'react';
import { MSG } from '@store/shared/messages';
import type { GroupCheckoutBody } from '@store/shared/schemas/group';
import type { InstructionsResponse } from '@store/shared/schemas/mx-payments';
import { Alert } from '../../../components/ui/alert';
import { InvoicePlanChoice, type InvoicePlan } from '../../../components/payments/invoice-plan-choice';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { errorMessage, notify } from '../../../lib/notify';
import { PAYPAL_NOTE, speiNote } from '../../../lib/mx-payment-texts';
import { createGroupSpeiOrder } from '../api/group';

export interface TeamPaymentProps {
  /** The PayPal buttons. */
  paypal: ReactNode;
  /** SPEI as GET /api/payment-methods offers it (null: not offered). */
  spei: { holdDays: number } | null;
  /** «¿Requieres factura?» is ticked: SPEI then asks when the CFDI is stamped. */
  invoiceWanted: boolean;
  /** Validates the form (showing its errors); the body to send, or null. */
  buildOrder: () => Promise<GroupCheckoutBody | null>;
  /** The order is held for the transfer: its payment page. */
  onIssued: (placed: InstructionsResponse) => void;
}

type Way = 'paypal' | 'spei';

export function TeamPayment({ paypal, spei, invoiceWanted, buildOrder, onIssued }: TeamPaymentProps) {
  const id = useId();
  const [way, setWay] = useState<Way>('paypal');
  const [plan, setPlan] = useState<InvoicePlan>('PUE');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!spei) return <>{paypal}</>;

  const options: { value: Way; label: string; detail: string }[] = [
    { value: 'paypal', label: 'PayPal', detail: PAYPAL_NOTE },
    { value: 'spei', label: 'Transferencia SPEI (ideal para hospitales)', detail: speiNote(spei.holdDays) },
  ];

  const orderBySpei = async () => {
    setRefusal(null);
    const body = await buildOrder();
    if (!body) {
      notify.error(MSG.checkoutFixAddress);
      return;
    }
    setBusy(true);
    try {
      const placed = await createGroupSpeiOrder(body.invoice ? { ...body, invoicePlan: plan } : body);
      notify.success(placed.message);
      onIssued(placed);
    } catch (err) {
      setRefusal(errorMessage(err, MSG.serverError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <fieldset>
        <legend className="text-lg font-bold tracking-tight">
          MÉTODO DE <span className="text-brand-700">PAGO</span>
        </legend>
        <div className="mt-3 flex flex-col gap-2">
          {options.map((o) => (
            <label
              key={o.value}
              className={cn(
                'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 text-sm font-semibold',
                way === o.value ? 'border-brand-700 bg-brand-50' : 'border-slate-300',
              )}
            >
              <input
                type="radio"
                name="team-payment"
                value={o.value}
                checked={way === o.value}
                onChange={() => {
                  setWay(o.value);
                  setPlan('PUE');
                  setRefusal(null);
                }}
                aria-labelledby={`${id}-${o.value}`}
                aria-describedby={`${id}-${o.value}-detail`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0">
                <span id={`${id}-${o.value}`} className="block">
                  {o.label}
                </span>
                <span
                  id={`${id}-${o.value}-detail`}
                  className="mt-1 block font-normal text-pretty text-slate-700"
                >
                  {o.detail}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {way === 'spei' && invoiceWanted && (
        <InvoicePlanChoice className="mt-4" value={plan} onChange={setPlan} />
      )}
      {refusal && (
        <Alert tone="error" live className="mt-4">
          {refusal}
        </Alert>
      )}
      <div className="mt-6">
        {way === 'paypal' ? (
          paypal
        ) : (
          <Button size="lg" fullWidth loading={busy} onClick={() => void orderBySpei()}>
            OBTENER DATOS PARA TRANSFERIR
          </Button>
        )}
      </div>
    </div>
  );
}
