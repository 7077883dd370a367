// Tabs follow the WAI-ARIA tabs pattern: roles and links between tab and panel, roving
// tabindex, arrows/Home/End with wrap-around, and controlled use.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const items = [
  { value: 'jueves', label: 'Jueves', content: <p>Programa del jueves</p> },
  { value: 'viernes', label: 'Viernes', content: <p>Programa del viernes</p> },
  { value: 'sabado', label: 'Sábado', content: <p>Programa del sábado</p> },
];

describe('Tabs', () => {
  it('names the list, links each tab to its panel and shows only the selected panel', () => {
    render(<Tabs label="Días del curso" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Días del curso' })).toBeInTheDocument();
    const jueves = screen.getByRole('tab', { name: 'Jueves' });
    expect(jueves).toHaveAttribute('aria-selected', 'true');
    expect(jueves).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Viernes' })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Jueves' });
    expect(jueves).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Programa del jueves');
    expect(screen.queryByText('Programa del viernes')).not.toBeInTheDocument();
  });

  it('moves selection and focus with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Días del curso" items={items} />);
    await user.click(screen.getByRole('tab', { name: 'Jueves' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Viernes' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Programa del viernes');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Sábado' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Jueves' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Sábado' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Jueves' })).toHaveAttribute('aria-selected', 'true');
  });

  it('reports changes and follows the value when controlled', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    const { rerender } = render(
      <Tabs label="Talleres" items={items} value="viernes" onValueChange={onValueChange} />,
    );
    expect(screen.getByRole('tab', { name: 'Viernes' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Sábado' }));
    expect(onValueChange).toHaveBeenCalledWith('sabado');
    // Still the parent's value until it changes it.
    expect(screen.getByRole('tab', { name: 'Viernes' })).toHaveAttribute('aria-selected', 'true');
    rerender(<Tabs label="Talleres" items={items} value="sabado" onValueChange={onValueChange} />);
    expect(screen.getByRole('tab', { name: 'Sábado' })).toHaveAttribute('aria-selected', 'true');
  });
});
