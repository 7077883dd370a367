import { useRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('fallo al pintar');
}

/** Counts its own mounts: a remount on navigation would show 2. */
let mounts = 0;
function Page({ name }: { name: string }) {
  const mounted = useRef(false);
  if (!mounted.current) {
    mounted.current = true;
    mounts += 1;
  }
  return (
    <main>
      <h1>{name}</h1>
      <Link to="/otra">Otra</Link>
      <Link to="/rota">Rota</Link>
      <Link to="/">Inicio</Link>
    </main>
  );
}

function App() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route path="/rota" element={<Broken />} />
        <Route path="*" element={<Page name="Página" />} />
      </Routes>
    </RouteErrorBoundary>
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the Spanish error page for a page that throws, and renders pages again on another path', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/rota']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Algo salió mal al cargar esta página/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ir al inicio' }));
    expect(screen.getByRole('heading', { name: 'Página' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('does not remount the pages under it when the path changes', async () => {
    mounts = 0;
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Otra' }));
    expect(screen.getByRole('heading', { name: 'Página' })).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
