// The checkout's options besides PayPal, from what GET /api/payment-methods offers now and the
// order's total: the card (with the meses-sin-intereses plans the total qualifies for), cash at
// OXXO (disabled over OXXO's cash limit, with the reason) and SPEI. Nothing offered: PayPal alone,
// exactly as before.
import { Fragment } from 'react';
import type { PaymentMethod } from '@store/shared/constants';
import { msiPlansFor, OXXO_MAX_CENTAVOS } from '@store/shared/domain/mx-payments';
import { oxxoOverLimit } from '@store/shared/payment-messages';
import type { PaymentMethodsResponse } from '@store/shared/schemas/mx-payments';
import {
  CARD_LABEL,
  CARD_NOTE,
  MSI_CHOSEN_ON_CARD_PAGE,
  msiPlanText,
  oxxoNote,
  PAYPAL_NOTE,
  speiNote,
} from '../../../lib/mx-payment-texts';
import type { PaymentOptionsProps } from './payment-options';

export type MxChoices = Required<
  Pick<PaymentOptionsProps, 'methods' | 'labels' | 'details' | 'disabled' | 'submitLabels'>
>;

export function mxPaymentChoices(
  offer: PaymentMethodsResponse | undefined,
  totalCentavos: number,
): MxChoices {
  const choices: MxChoices = {
    methods: ['paypal'],
    labels: {},
    details: {},
    disabled: {},
    submitLabels: {},
  };
  if (!offer || (!offer.card && !offer.oxxo && !offer.spei)) return choices;
  const methods: PaymentMethod[] = ['paypal'];
  choices.details.paypal = PAYPAL_NOTE;
  if (offer.card) {
    const counts: readonly number[] = offer.card.msiCounts;
    const plans = offer.card.msi ? msiPlansFor(totalCentavos).filter((p) => counts.includes(p.count)) : [];
    const longest = plans.at(-1);
    methods.push('stripe');
    choices.labels.stripe = CARD_LABEL;
    choices.submitLabels.stripe = 'PAGAR CON TARJETA';
    choices.details.stripe = longest ? (
      <>
        <span className="block font-semibold text-emerald-800">
          Hasta {longest.count} meses sin intereses:{' '}
          <span className="whitespace-nowrap">{msiPlanText(longest)}</span>
        </span>
        {plans.length > 1 && (
          <span className="block">
            También:{' '}
            {plans.slice(0, -1).map((p, i) => (
              <Fragment key={p.count}>
                {i > 0 && ' · '}
                <span className="whitespace-nowrap">{msiPlanText(p)}</span>
              </Fragment>
            ))}
          </span>
        )}
        <span className="mt-1 block text-slate-600">{MSI_CHOSEN_ON_CARD_PAGE}</span>
      </>
    ) : (
      CARD_NOTE
    );
  }
  if (offer.oxxo) {
    const limit = Math.min(offer.oxxo.maxCentavos, OXXO_MAX_CENTAVOS);
    const over = totalCentavos > limit;
    methods.push('oxxo');
    choices.submitLabels.oxxo = 'GENERAR FICHA DE PAGO';
    choices.disabled.oxxo = over;
    choices.details.oxxo = over ? (
      <span className="block text-amber-900">{oxxoOverLimit(totalCentavos, limit)}</span>
    ) : (
      oxxoNote(offer.oxxo.expiresAfterDays)
    );
  }
  if (offer.spei) {
    methods.push('spei');
    choices.submitLabels.spei = 'OBTENER DATOS PARA TRANSFERIR';
    choices.details.spei = speiNote(offer.spei.holdDays);
  }
  choices.methods = methods;
  return choices;
}
