// Checkout address (docs/product.md → Validation rules): all required but state; zipcode and phone numeric. The
// rules are the shared `address` schema, so the API refuses exactly what this form refuses;
// this file only says how each field is labelled and laid out.
import type { ComponentProps } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { AddressInput } from '@store/shared/schemas/order';
import { TextField } from '../../../components/ui/input';

/** A new checkout's address: Mexico preselected, everything else to fill in. */
export const EMPTY_ADDRESS: AddressInput = {
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'México',
  phone: '',
};

/**
 * Where a checkout starts (docs/product.md → Checkout and payment method): the newest order's
 * address when there is one, else the account's name (the last two words as the surnames
 * when there are three or more) and e-mail.
 */
export function prefilledAddress(
  last: AddressInput | null,
  accountName: string | undefined,
  accountEmail: string | undefined,
): AddressInput {
  if (last) return { ...EMPTY_ADDRESS, ...last, email: last.email || accountEmail || '' };
  const words = (accountName ?? '').trim().split(/\s+/).filter(Boolean);
  const surnames = words.length >= 3 ? 2 : words.length === 2 ? 1 : 0;
  return {
    ...EMPTY_ADDRESS,
    firstName: words.slice(0, words.length - surnames).join(' '),
    lastName: words.slice(words.length - surnames).join(' '),
    email: accountEmail ?? '',
  };
}

interface AddressField {
  name: keyof AddressInput;
  label: string;
  autoComplete: string;
  required: boolean;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  type?: ComponentProps<'input'>['type'];
  inputMode?: ComponentProps<'input'>['inputMode'];
  hint?: string;
}

const FIELDS: readonly AddressField[] = [
  { name: 'firstName', label: 'Nombre', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'Apellidos', autoComplete: 'family-name', required: true },
  {
    name: 'email',
    label: 'Correo electrónico',
    type: 'email',
    autoComplete: 'email',
    required: true,
    wide: true,
  },
  { name: 'street', label: 'Calle y número', autoComplete: 'street-address', required: true, wide: true },
  { name: 'city', label: 'Ciudad', autoComplete: 'address-level2', required: true },
  { name: 'state', label: 'Estado', autoComplete: 'address-level1', required: false },
  {
    name: 'zipcode',
    label: 'Código postal',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    required: true,
  },
  { name: 'country', label: 'País', autoComplete: 'country-name', required: true },
  {
    name: 'phone',
    label: 'Teléfono',
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel',
    required: true,
    wide: true,
    hint: 'Solo números, sin espacios ni guiones.',
  },
];

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
      {FIELDS.map(({ name, wide, ...field }) => (
        <TextField
          key={name}
          {...field}
          containerClassName={wide ? 'sm:col-span-2' : undefined}
          error={errors[name]?.message}
          {...register(name)}
        />
      ))}
    </fieldset>
  );
}
