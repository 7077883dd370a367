// The CFDI receiver's fields: RFC, razón social, régimen fiscal, uso del CFDI and código
// postal fiscal. The régimen list follows the RFC (persona física or moral) and the uso list
// follows the régimen, as the SAT's catalogues allow (packages/shared/src/domain/cfdi-catalogs.ts).
import { useEffect, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  normalizeRfc,
  regimenesForRfc,
  RFC_PUBLICO_GENERAL,
  usosForRegimen,
} from '@store/shared/domain/cfdi-catalogs';
import type { FiscalDataInput } from '@store/shared/schemas/invoice';
import { SelectField, TextField } from '../../../components/ui/input';

export function FiscalFields({ form, idPrefix }: { form: UseFormReturn<FiscalDataInput>; idPrefix: string }) {
  const {
    register,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const rfc = normalizeRfc(watch('rfc') ?? '');
  const regimen = watch('regimenFiscal');
  const regimenes = useMemo(() => regimenesForRfc(rfc), [rfc]);
  // Only the usos the SAT's c_UsoCFDI allows with the chosen régimen; none before one is chosen.
  const usos = useMemo(() => (regimen ? usosForRegimen(regimen) : []), [regimen]);

  // A choice the new RFC or régimen no longer allows is cleared rather than sent.
  useEffect(() => {
    const current = getValues('regimenFiscal');
    if (current && !regimenes.some((r) => r.code === current)) setValue('regimenFiscal', '');
  }, [regimenes, getValues, setValue]);
  useEffect(() => {
    const current = getValues('usoCfdi');
    if (current && !usos.some((u) => u.code === current)) setValue('usoCfdi', '');
  }, [usos, getValues, setValue]);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-rfc`}
        label="RFC"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        className="uppercase"
        hint={`13 caracteres (persona física) o 12 (persona moral). Sin datos fiscales: ${RFC_PUBLICO_GENERAL}.`}
        error={errors.rfc?.message}
        {...register('rfc')}
      />
      <TextField
        id={`${idPrefix}-cp`}
        label="Código postal fiscal"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        hint="El de tu constancia de situación fiscal."
        error={errors.codigoPostal?.message}
        {...register('codigoPostal')}
      />
      <TextField
        id={`${idPrefix}-razon`}
        label="Nombre o razón social"
        required
        autoComplete="organization"
        containerClassName="sm:col-span-2"
        hint="Tal como aparece en tu constancia de situación fiscal, sin régimen de capital (p. ej., sin «S.A. de C.V.»)."
        error={errors.razonSocial?.message}
        {...register('razonSocial')}
      />
      <SelectField
        id={`${idPrefix}-regimen`}
        label="Régimen fiscal"
        required
        containerClassName="sm:col-span-2"
        error={errors.regimenFiscal?.message}
        {...register('regimenFiscal')}
      >
        <option value="">Elige tu régimen fiscal</option>
        {regimenes.map((r) => (
          <option key={r.code} value={r.code}>
            {r.code} · {r.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${idPrefix}-uso`}
        label="Uso del CFDI"
        required
        containerClassName="sm:col-span-2"
        hint={regimen ? undefined : 'Elige primero tu régimen fiscal para ver los usos que permite el SAT.'}
        error={errors.usoCfdi?.message}
        disabled={!regimen}
        {...register('usoCfdi')}
      >
        <option value="">{regimen ? 'Elige el uso del CFDI' : 'Primero elige tu régimen fiscal'}</option>
        {usos.map((u) => (
          <option key={u.code} value={u.code}>
            {u.code} · {u.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
