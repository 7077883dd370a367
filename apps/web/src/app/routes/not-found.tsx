// Unknown routes: a friendly Spanish page with the ways back.
import { Compass } from 'lucide-react';
import { Seo } from '../../components/layout/seo';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

export function Component() {
  return (
    <main>
      <Seo
        title="Página no encontrada"
        description="La página que buscas no existe o cambió de dirección."
        noindex
      />
      <Container narrow className="py-20 text-center">
        <Compass aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
        <p className="mt-4 text-sm font-semibold tracking-wide text-brand-700">ERROR 404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Página no encontrada</h1>
        <p className="mt-4 text-slate-600">
          La página que buscas no existe o cambió de dirección. Revisa el enlace o vuelve a empezar desde
          aquí.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">Ir al inicio</ButtonLink>
          <ButtonLink to="/collection" variant="secondary">
            Ver eventos
          </ButtonLink>
        </div>
      </Container>
    </main>
  );
}
