// Door check-in without a ticket: search the day's paid holders by name, e-mail or cédula and
// register one with a tap.
import { useDeferredValue, useState } from 'react';
import { Search } from 'lucide-react';
import { formatTime } from '@store/shared/domain/time';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { useCheckinSearch } from '../api/admin-attendance';

export function CheckinSearch({
  productDayId,
  onCheckIn,
  pendingUserId,
}: {
  productDayId: string;
  onCheckIn: (userId: string) => void;
  pendingUserId: string | null;
}) {
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const results = useCheckinSearch(productDayId, deferred);
  return (
    <div className="space-y-3">
      <TextField
        label="Buscar por nombre, correo o cédula"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        autoComplete="off"
      />
      {results.isPending ? (
        <Spinner label="Buscando…" />
      ) : results.isError ? (
        <p className="text-sm text-red-700">{results.error.message}</p>
      ) : results.data.people.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Search aria-hidden="true" className="h-4 w-4" /> Nadie con pago de este día coincide con la
          búsqueda.
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          aria-label="Resultados"
        >
          {results.data.people.map((p) => (
            <li key={p.userId} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{p.certificateName ?? p.name}</p>
                <p className="text-xs break-words text-slate-600">
                  {p.email}
                  {p.cedula ? ` · Cédula ${p.cedula}` : ''}
                </p>
              </div>
              {p.checkedInAt !== null ? (
                <Badge tone="success">Registrado {formatTime(p.checkedInAt)}</Badge>
              ) : (
                <Button size="sm" loading={pendingUserId === p.userId} onClick={() => onCheckIn(p.userId)}>
                  Registrar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
