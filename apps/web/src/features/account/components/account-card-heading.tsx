// The heading of the account cards (Acceso/Registro, reset request, new password): the page's
// h1 centred over a short red rule, and an optional lead line.
import type { ReactNode } from 'react';

export function AccountCardHeading({
  id,
  title,
  children,
}: {
  id?: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="text-center">
      <h1 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h1>
      <span aria-hidden="true" className="mx-auto mt-3 block h-1 w-12 rounded-full bg-brand-600" />
      {children && <p className="mt-4 text-sm text-slate-600">{children}</p>}
    </div>
  );
}
