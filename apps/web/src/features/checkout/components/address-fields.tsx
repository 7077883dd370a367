// Checkout address (SPEC §3/§5): all required but state; zipcode and phone numeric. The
// rules are the shared `address` schema, so the API refuses exactly what this form refuses.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { AddressInput } from '@store/shared/schemas/order';
import { TextField } from '../../../components/ui/input';

export interface AddressFieldsProps {
  register: UseFormRegister<AddressInput>;
  errors: FieldErrors<AddressInput>;
}

export function AddressFields({ register, errors }: AddressFieldsProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-4 text-xl font-bold tracking-tight">
        INFORMACIÓN DE <span className="text-brand-700">FACTURACIÓN</span>
      </legend>
      <TextField
        label="Nombre"
        autoComplete="given-name"
        required
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Apellidos"
        autoComplete="family-name"
        required
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        required
        containerClassName="sm:col-span-2"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Calle y número"
        autoComplete="street-address"
        required
        containerClassName="sm:col-span-2"
        error={errors.street?.message}
        {...register('street')}
      />
      <TextField
        label="Ciudad"
        autoComplete="address-level2"
        required
        error={errors.city?.message}
        {...register('city')}
      />
      <TextField
        label="Estado"
        autoComplete="address-level1"
        error={errors.state?.message}
        {...register('state')}
      />
      <TextField
        label="Código postal"
        inputMode="numeric"
        autoComplete="postal-code"
        required
        error={errors.zipcode?.message}
        {...register('zipcode')}
      />
      <TextField
        label="País"
        autoComplete="country-name"
        required
        error={errors.country?.message}
        {...register('country')}
      />
      <TextField
        label="Teléfono"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        containerClassName="sm:col-span-2"
        hint="Solo números, sin espacios ni guiones."
        error={errors.phone?.message}
        {...register('phone')}
      />
    </fieldset>
  );
}
