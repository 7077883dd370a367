// The public check of a constancia's folio (/constancias/{folio}, the address its QR holds):
// genuine or revoked, with the name, event, hours, the endorsement (body, number, hours and
// recertification points) and date printed on it, and nothing else.
import { Link } from 'react-router';
import { BadgeCheck, ShieldAlert, ShieldX } from 'lucide-react';
import { formatDuration, formatEndorsementHours, formatPoints } from '@store/shared/domain/attendance';
import { formatDateLong } from '@store/shared/domain/time';
import { site } from '@store/shared/site';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../components/ui/cn';
import { useConstanciaVerification } from '../api/verify-constancia';

export function ConstanciaVerification({ folio }: { folio: string }) {
  const check = useConstanciaVerification(folio);

  if (check.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Verificando la constancia…
        </p>
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (check.isError) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <ShieldX aria-hidden="true" className="h-12 w-12 text-red-700" />
          <h2 className="text-xl font-bold">Constancia no encontrada</h2>
          <p className="max-w-md text-slate-700">{check.error.message}</p>
          <p className="font-mono text-sm text-slate-600">Folio: {folio}</p>
        </CardContent>
      </Card>
    );
  }
  const c = check.data;
  const rows: [string, string][] = [
    ['Folio', c.folio],
    ['Nombre', c.name],
    ['Evento', c.eventName],
    ['Duración acreditada', formatDuration(c.minutes)],
    ['Fecha de emisión', formatDateLong(c.issuedAt)],
    ...(c.endorsement
      ? ([
          ['Avalada por', c.endorsement.body],
          ['Número de aval', c.endorsement.number],
          ['Horas avaladas', formatEndorsementHours(c.endorsement.hours)],
          ['Puntos de recertificación', formatPoints(c.endorsement.points)],
        ] as [string, string][])
      : []),
  ];
  return (
    <Card>
      <CardContent className="py-8">
        <div
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg px-4 py-5 text-center',
            c.revoked ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900',
          )}
          role="status"
        >
          {c.revoked ? (
            <ShieldAlert aria-hidden="true" className="h-12 w-12 text-red-700" />
          ) : (
            <BadgeCheck aria-hidden="true" className="h-12 w-12 text-emerald-700" />
          )}
          <h2 className="text-xl font-bold">{c.revoked ? 'Constancia revocada' : 'Constancia auténtica'}</h2>
          <p className="max-w-md text-sm">
            {c.revoked
              ? `${site.shortName} revocó esta constancia${c.revokedAt ? ` el ${formatDateLong(c.revokedAt)}` : ''}: ya no es válida.`
              : `${site.name} emitió esta constancia y sigue vigente.`}
          </p>
          {c.replacedBy && (
            <p className="max-w-md text-sm">
              Fue sustituida por la constancia con folio{' '}
              <Link
                to={`/constancias/${c.replacedBy}`}
                className="font-mono font-semibold underline underline-offset-4"
              >
                {c.replacedBy}
              </Link>
              .
            </p>
          )}
        </div>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div
              key={label}
              className={cn('min-w-0', (label === 'Evento' || label === 'Avalada por') && 'sm:col-span-2')}
            >
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
              <dd className={cn('mt-1 break-words text-ink', label === 'Folio' && 'font-mono')}>{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
