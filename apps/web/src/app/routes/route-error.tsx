// Friendly Spanish page for a page that failed (its title is MSG.routeErrorTitle), shown by
// app/route-error-boundary.tsx. It replaces the whole shell, so it carries its own way back.
import { TriangleAlert } from 'lucide-react';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { Button, ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

export function RouteError() {
  const explanation = 'Algo salió mal al cargar esta página. Recarga la página o vuelve al inicio.';
  return (
    <main>
      <Seo title={MSG.routeErrorTitle} description={explanation} noindex />
      <Container narrow className="py-20 text-center">
        <TriangleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{MSG.routeErrorTitle}</h1>
        <p className="mt-4 text-slate-600">{explanation}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Recargar
          </Button>
          <ButtonLink to="/">Ir al inicio</ButtonLink>
        </div>
      </Container>
    </main>
  );
}
