import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoRibbon } from './demo-ribbon';

function renderRibbon() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DemoRibbon />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  document.documentElement.removeAttribute('data-payments-mode');
  vi.unstubAllGlobals();
});

describe('DemoRibbon', () => {
  it('shows "Modo de demostración: pagos simulados" at first render when the page says so, without asking the API', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    document.documentElement.setAttribute('data-payments-mode', 'simulated');
    renderRibbon();
    const ribbon = screen.getByRole('complementary', { name: 'Aviso de demostración' });
    expect(ribbon).toHaveTextContent('Modo de demostración: pagos simulados');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is absent when payments are real', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    document.documentElement.setAttribute('data-payments-mode', 'real');
    renderRibbon();
    expect(screen.queryByRole('complementary', { name: 'Aviso de demostración' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks the API when the page carries no mode (the Vite dev server)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, paymentsMode: 'simulated' }))),
    );
    renderRibbon();
    expect(await screen.findByText('pagos simulados', { exact: false })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/site-config', expect.anything());
  });
});
