import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { formResolver } from '../../../lib/form-resolver';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { address, type AddressInput } from '@store/shared/schemas/order';
import { AddressFields, EMPTY_ADDRESS } from './address-fields';

const empty: AddressInput = { ...EMPTY_ADDRESS, country: '' };

function Harness({ onValid }: { onValid: (v: AddressInput) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressInput>({
    resolver: formResolver(address),
    defaultValues: empty,
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <AddressFields register={register} errors={errors} />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('AddressFields', () => {
  it('requires every field but state, inline and in Spanish', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getAllByText(MSG.required)).toHaveLength(8));
    expect(screen.getByLabelText('Estado')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Nombre/)).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('accepts only digits in zipcode and phone, and a valid e-mail', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const type = (label: RegExp, text: string) => userEvent.type(screen.getByLabelText(label), text);
    await type(/^Nombre/, 'Ana');
    await type(/^Apellidos/, 'Ruiz');
    await type(/^Correo/, 'ana@');
    await type(/^Calle/, 'Juárez 1');
    await type(/^Ciudad/, 'Puebla');
    await type(/^Código postal/, '72A00');
    await type(/^País/, 'México');
    await type(/^Teléfono/, '222-555-0000');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getAllByText(MSG.numericOnly)).toHaveLength(2));
    expect(screen.getByText(MSG.invalidEmail)).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^Correo/));
    await type(/^Correo/, 'ana@ejemplo.mx');
    await userEvent.clear(screen.getByLabelText(/^Código postal/));
    await type(/^Código postal/, '72000');
    await userEvent.clear(screen.getByLabelText(/^Teléfono/));
    await type(/^Teléfono/, '2225550000');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ zipcode: '72000', phone: '2225550000', state: '' });
  });
});
