// The fiscal data form (react-hook-form over the shared `fiscalData` schema, so the form
// refuses exactly what the API refuses), filled from the account's saved data once it loads.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { fiscalData, type FiscalDataInput } from '@store/shared/schemas/invoice';
import { formResolver } from '../../../lib/form-resolver';
import { useFiscalData } from '../api/get-fiscal-data';

export const EMPTY_FISCAL: FiscalDataInput = {
  rfc: '',
  razonSocial: '',
  regimenFiscal: '',
  usoCfdi: '',
  codigoPostal: '',
};

export function useFiscalForm() {
  const saved = useFiscalData();
  const form = useForm<FiscalDataInput>({
    resolver: formResolver(fiscalData),
    defaultValues: EMPTY_FISCAL,
  });
  const { reset, formState } = form;
  useEffect(() => {
    if (saved.data && !formState.isDirty) reset(saved.data);
  }, [saved.data, formState.isDirty, reset]);
  return { form, saved };
}
