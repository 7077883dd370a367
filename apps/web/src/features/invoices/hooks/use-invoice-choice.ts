// "¿Requieres factura?" at checkout: whether the buyer wants a CFDI and, if so, the fiscal
// data form (filled from the account, or from `prefill`: the team checkout gives the last
// institution's). `build` validates it and answers what the order body carries: the data,
// null (no invoice), or undefined when the form shows errors.
import { useState } from 'react';
import type { FiscalDataInput } from '@store/shared/schemas/invoice';
import { useFiscalForm, type FiscalPrefill } from './use-fiscal-form';

export function useInvoiceChoice(prefill?: FiscalPrefill) {
  const [wanted, setWanted] = useState(false);
  const { form } = useFiscalForm(prefill);
  const build = async (): Promise<FiscalDataInput | null | undefined> => {
    if (!wanted) return null;
    return (await form.trigger()) ? form.getValues() : undefined;
  };
  return { wanted, setWanted, form, build };
}

export type InvoiceChoice = ReturnType<typeof useInvoiceChoice>;
