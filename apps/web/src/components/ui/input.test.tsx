// Form primitives tie each control to its label, hint and error for assistive technology.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Checkbox, SelectField, TextField } from './input';

describe('form fields', () => {
  it('labels the input and describes it with its hint and error', () => {
    render(
      <TextField
        label="Correo electrónico"
        hint="El de tu cuenta"
        error="Ingresa un correo electrónico válido"
        required
      />,
    );
    const input = screen.getByRole('textbox', { name: /Correo electrónico/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('El de tu cuenta Ingresa un correo electrónico válido');
  });

  it('has no error state or description when valid', () => {
    render(<TextField label="Nombre" />);
    const input = screen.getByRole('textbox', { name: 'Nombre' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('labels selects and checkboxes, with the checkbox error described', () => {
    render(
      <>
        <SelectField label="Tema">
          <option>Otro</option>
        </SelectField>
        <Checkbox label="Acepto el aviso de privacidad" error="Debes aceptar el aviso de privacidad" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Tema' })).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'Acepto el aviso de privacidad' });
    expect(box).toHaveAccessibleDescription('Debes aceptar el aviso de privacidad');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});
