// The fiscal data form (react-hook-form over the shared `fiscalData` schema, so the form
// refuses exactly what the API refuses), filled once it loads from the account's saved data
// (the person's own), or from `prefill` when the page gives another source (the team
// checkout: the institution of the last team purchase); then the account's is not read.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { fiscalData, type FiscalDataInput } from '@store/shared/schemas/invoice';
import { useToken } from '../../../lib/auth-token';
import { formResolver } from '../../../lib/form-resolver';
import { fiscalDataQueryOptions } from '../api/get-fiscal-data';

export const EMPTY_FISCAL: FiscalDataInput = {
  rfc: '',
  razonSocial: '',
  regimenFiscal: '',
  usoCfdi: '',
  codigoPostal: '',
};

/** Where the form's first values come from: saved fiscal data (null: none, undefined: loading). */
export interface FiscalPrefill {
  data: FiscalDataInput | null | undefined;
}

export function useFiscalForm(prefill?: FiscalPrefill) {
  const token = useToken();
  const saved = useQuery({ ...fiscalDataQueryOptions(token), enabled: Boolean(token) && !prefill });
  const form = useForm<FiscalDataInput>({
    resolver: formResolver(fiscalData),
    defaultValues: EMPTY_FISCAL,
  });
  const { reset, formState } = form;
  const data = prefill ? prefill.data : saved.data;
  useEffect(() => {
    if (data && !formState.isDirty) reset(data);
  }, [data, formState.isDirty, reset]);
  return { form, saved };
}
