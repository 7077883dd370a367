// Friendly Spanish page for routing failures (SPEC §8 names the fallback's title).
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MSG } from '@store/shared/messages';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${MSG.routeErrorTitle} · Tienda`}</title>
      <h1 className="text-2xl font-bold">{MSG.routeErrorTitle}</h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? 'La página que buscas no existe.'
          : 'Algo salió mal al cargar esta página. Recarga la página o vuelve al inicio.'}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md border border-slate-300 px-4 py-2"
        >
          Recargar
        </button>
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 text-white">
          Ir al inicio
        </Link>
      </div>
    </main>
  );
}
