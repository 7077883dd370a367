// The places of a group order (docs/groups.md): each with its state (sin asignar, asignado,
// usado, cancelado) and who holds it; name or rename the holder (until the day starts or the
// place is used), cancel a place by the terms, or assign a whole list pasted or read from a
// .csv file (all or nothing: the server names the bad line).
import { useState, type FormEvent } from 'react';
import { PLACE_STATE_LABELS, type PlaceState } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { formatDateLong } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import type { GroupPlace, GroupPlaces } from '@store/shared/schemas/group';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { errorMessage, notify } from '../../../lib/notify';
import { useAssignCsv, useAssignPlace, useCancelPlaces } from '../api/group';

const TONES: Record<PlaceState, BadgeTone> = {
  sin_asignar: 'warning',
  asignado: 'success',
  usado: 'info',
  cancelado: 'neutral',
};

export function TeamPlaces({ group }: { group: GroupPlaces }) {
  const assigned = group.places.filter((p) => p.assignee).length;
  const live = group.places.filter((p) => p.state !== 'cancelado').length;
  return (
    <div className="space-y-10">
      <p className="text-slate-700">
        {assigned} de {live} {live === 1 ? 'lugar asignado' : 'lugares asignados'}. Cada persona recibe un
        correo con su acceso; quien no tiene cuenta recibe un enlace para elegir su contraseña.
      </p>
      <ul aria-label="Lugares" className="divide-y divide-slate-200 border-y border-slate-200">
        {group.places.map((p) => (
          <PlaceRow key={p.placeId} orderId={group.orderId} place={p} />
        ))}
      </ul>
      {group.places.some((p) => p.state === 'sin_asignar' && p.assignable) && (
        <CsvForm orderId={group.orderId} />
      )}
    </div>
  );
}

function PlaceRow({ orderId, place }: { orderId: string; place: GroupPlace }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelPlaces();
  const label = `Lugar ${place.place}`;
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 grow">
          <p className="font-semibold">
            {label} · {place.days.join(', ')}{' '}
            <span className="font-normal text-slate-600">({formatDateLong(place.startsAt)})</span>
          </p>
          <p className="text-sm break-words text-slate-700">
            {place.assignee ? `${place.assignee.name} · ${place.assignee.email}` : 'Nadie asignado todavía'}
          </p>
        </div>
        <Badge tone={TONES[place.state]}>{PLACE_STATE_LABELS[place.state]}</Badge>
        <div className="flex flex-wrap gap-2">
          {place.assignable && !editing && (
            <Button
              size="sm"
              variant={place.assignee ? 'secondary' : 'primary'}
              onClick={() => setEditing(true)}
            >
              {place.assignee ? 'Reasignar' : 'Asignar'}
              <span className="sr-only"> {label}</span>
            </Button>
          )}
          {place.cancellable && !confirming && (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Cancelar lugar<span className="sr-only"> {place.place}</span>
            </Button>
          )}
        </div>
      </div>
      {editing && (
        <AssignForm
          orderId={orderId}
          place={place}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      )}
      {confirming && (
        <div
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
          role="group"
          aria-label={`Cancelar ${label}`}
        >
          <p>
            Según los términos se reembolsan {formatPrice(place.refund)} (lo pagado por este lugar menos el
            cargo administrativo) a tu cuenta de PayPal y el lugar se libera.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="danger"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { orderId, placeIds: [place.placeId] },
                  {
                    onSuccess: (res) => {
                      notify.success(res.message);
                      setConfirming(false);
                    },
                    onError: (err) => notify.error(errorMessage(err, MSG.serverError)),
                  },
                )
              }
            >
              Sí, cancelar {label.toLowerCase()}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
              No cancelar
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function AssignForm({
  orderId,
  place,
  onDone,
  onCancel,
}: {
  orderId: string;
  place: GroupPlace;
  onDone: () => void;
  onCancel: () => void;
}) {
  const assign = useAssignPlace();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `place-${place.placeId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    assign.mutate(
      { orderId, placeId: place.placeId, name, email },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          onDone();
        },
        onError: (err) => setError(errorMessage(err, MSG.serverError)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
      <div>
        <Label htmlFor={`${id}-name`}>Nombre completo</Label>
        <Input
          id={`${id}-name`}
          className="mt-1"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-email`}>Correo electrónico</Label>
        <Input
          id={`${id}-email`}
          className="mt-1"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" loading={assign.isPending}>
          Guardar
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

function CsvForm({ orderId }: { orderId: string }) {
  const assign = useAssignCsv();
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    assign.mutate(
      { orderId, csv },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          setCsv('');
        },
        onError: (err) => setError(errorMessage(err, MSG.serverError)),
      },
    );
  };
  return (
    <section aria-labelledby="team-csv" className="rounded-xl border border-slate-200 p-5">
      <h2 id="team-csv" className="text-lg font-bold">
        Asignar varios lugares con una lista
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Pega la lista o sube un archivo .csv: una primera línea con las columnas <code>nombre,correo</code> (y{' '}
        <code>dia</code> si compraste varios días) y después una persona por línea. Se asigna toda la lista o
        nada: si una línea tiene un error te decimos cuál.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-3">
        <div>
          <Label htmlFor="team-csv-text">Lista de personas</Label>
          <Textarea
            id="team-csv-text"
            className="mt-1 font-mono text-sm"
            rows={5}
            placeholder={'nombre,correo\nAna Ruiz Pérez,ana.ruiz@hospital.mx'}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="team-csv-file">O sube un archivo .csv</Label>
          <input
            id="team-csv-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            className="mt-1 block w-full text-sm file:mr-3 file:h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" loading={assign.isPending} disabled={csv.trim() === ''}>
          Asignar la lista
        </Button>
      </form>
    </section>
  );
}
