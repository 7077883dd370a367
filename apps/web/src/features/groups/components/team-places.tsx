// The places of a group order (docs/groups.md), one row per person's place («Lugar 1»,
// «Lugar 2»…) and one column per day (a stacked list on a phone; one column for an event sold
// whole), each day with its state (sin asignar, asignado, usado, cancelado) and holder. A row's
// free days are given to one person at once, its held days to another person, a place is
// cancelled by the terms, or a whole list pasted or read from a .csv file is assigned (all or
// nothing: the server names the bad line). A change another coordinator saved first is refused:
// the places are read again and the page says so. Each person's registration questions
// (docs/questions.md) show as «Registro completo» or «Registro pendiente».
import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type ReactNode,
} from 'react';
import { PLACE_STATE_LABELS, type PlaceState } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { GROUP_MSG } from '@store/shared/group-messages';
import { MSG } from '@store/shared/messages';
import type { RegistrationState } from '@store/shared/questions';
import type { GroupPlace, GroupPlaces } from '@store/shared/schemas/group';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/notify';
import { isPlaceTaken, useAssignPlace, useCancelPlaces, useReassignPlace } from '../api/group';
import {
  dateNote,
  holdersOf,
  isFree,
  placesTable,
  type DayColumn,
  type Holder,
  type PlaceRow,
} from '../utils/place-rows';
import { TeamCsvForm } from './team-csv';

const TONES: Record<PlaceState, BadgeTone> = {
  sin_asignar: 'warning',
  asignado: 'success',
  usado: 'info',
  cancelado: 'neutral',
};

/** Whether the person answered the event's registration questions (never what they answered). */
const REGISTRATION_LABELS: Record<RegistrationState, string> = {
  completa: 'Registro completo',
  pendiente: 'Registro pendiente',
};

/** What a row has open: naming its free days, renaming a holder's days, or cancelling. */
type Panel =
  | { place: number; kind: 'assign' }
  | { place: number; kind: 'reassign'; email: string }
  | { place: number; kind: 'cancel' };

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The row's grid on a wide screen: the place, a column per day, the actions. */
const ROW_GRID = 'md:grid md:gap-x-4 md:grid-cols-[6rem_repeat(var(--days),minmax(0,1fr))_11rem]';

export function TeamPlaces({ group }: { group: GroupPlaces }) {
  const table = placesTable(group.places);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const live = table.rows.filter((r) => r.cells.some((c) => c && c.state !== 'cancelado'));
  const named = live.filter((r) => r.cells.every((c) => !c || c.state === 'cancelado' || c.assignee));
  const days = { '--days': table.columns.length } as CSSProperties;
  const actions = {
    open: (p: Panel) => {
      setNotice(null);
      setPanel(p);
    },
    close: () => setPanel(null),
    done: (text: string) => {
      setPanel(null);
      setNotice({ tone: 'success', text });
    },
    // Another change of these places was saved first: the places are read again (the
    // mutation's onSettled) and the page says so where it is announced at once.
    taken: (text: string) => {
      setPanel(null);
      setNotice({ tone: 'error', text });
    },
  };
  return (
    <div className="space-y-8">
      <div>
        <p className="text-slate-700">
          {named.length} de {live.length} {live.length === 1 ? 'lugar asignado' : 'lugares asignados'}. Cada
          lugar es una persona{table.columns.length > 1 ? ' en cada día que compraste' : ''}: recibe un correo
          con su acceso y, si no tiene cuenta, un enlace para elegir su contraseña.
        </p>
        {group.places.some((p) => p.assignee && p.registration) && (
          <p className="mt-2 text-sm text-slate-600">
            Cada persona responde las preguntas de registro del evento al entrar a su cuenta; aquí ves si ya
            lo hizo.
          </p>
        )}
      </div>
      <div role="status" aria-live="polite">
        {notice?.tone === 'success' && <Alert tone="success">{notice.text}</Alert>}
      </div>
      <div role="alert">{notice?.tone === 'error' && <Alert tone="error">{notice.text}</Alert>}</div>
      <div>
        <div
          aria-hidden="true"
          style={days}
          className={`hidden border-b border-slate-200 pb-2 text-sm font-semibold text-slate-700 ${ROW_GRID}`}
        >
          <span>Lugar</span>
          {table.columns.map((c) => (
            <span key={c.label}>
              {c.label} <span className="block font-normal text-slate-600">{dateNote(c)}</span>
            </span>
          ))}
          <span className="text-right">Acciones</span>
        </div>
        <ul aria-label="Lugares" className="divide-y divide-slate-200 border-b border-slate-200">
          {table.rows.map((row) => (
            <PlaceRowView
              key={row.place}
              orderId={group.orderId}
              row={row}
              columns={table.columns}
              style={days}
              panel={panel?.place === row.place ? panel : null}
              actions={actions}
            />
          ))}
        </ul>
      </div>
      {group.places.some(isFree) && <TeamCsvForm group={group} table={table} onDone={actions.done} />}
    </div>
  );
}

interface RowActions {
  open: (p: Panel) => void;
  close: () => void;
  done: (message: string) => void;
  taken: (message: string) => void;
}

function PlaceRowView({
  orderId,
  row,
  columns,
  style,
  panel,
  actions,
}: {
  orderId: string;
  row: PlaceRow;
  columns: DayColumn[];
  style: CSSProperties;
  panel: Panel | null;
  actions: RowActions;
}) {
  const label = `Lugar ${row.place}`;
  const free = row.cells.filter(isFree);
  const holders = holdersOf(row);
  const cancellable = row.cells.filter((c): c is GroupPlace => c?.cancellable === true);
  const id = useId();
  const heading = useRef<HTMLParagraphElement>(null);
  // Where focus goes when the row's panel closes: the button that opened it, else the row.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (returnTo === null) return;
    (document.getElementById(returnTo) ?? heading.current)?.focus();
    setReturnTo(null);
  }, [returnTo]);
  const closeTo = (opener: string | null) => () => {
    actions.close();
    setReturnTo(opener ?? `${id}-row`);
  };
  const rowActions: RowActions = {
    ...actions,
    done: (message) => {
      actions.done(message);
      setReturnTo(`${id}-row`);
    },
    taken: (message) => {
      actions.taken(message);
      setReturnTo(`${id}-row`);
    },
  };
  return (
    <li style={style} className={`py-4 md:items-start ${ROW_GRID}`}>
      <p
        id={`${id}-row`}
        ref={heading}
        tabIndex={-1}
        className="pb-2 text-base font-semibold outline-none md:pt-1 md:pb-0"
      >
        {label}
      </p>
      {row.cells.map((cell, i) => (
        <DayCell key={columns[i]!.label} column={columns[i]!} place={cell} />
      ))}
      <div className="mt-3 flex flex-wrap gap-2 md:mt-0 md:flex-col md:items-end">
        {free.length > 0 && (
          <Button
            id={`${id}-assign`}
            size="sm"
            aria-expanded={panel?.kind === 'assign'}
            onClick={() => actions.open({ place: row.place, kind: 'assign' })}
          >
            Asignar<span className="sr-only"> {label}</span>
          </Button>
        )}
        {holders.map((h, i) => (
          <Button
            key={h.email}
            id={`${id}-reassign-${i}`}
            size="sm"
            variant="secondary"
            className="h-auto min-h-9 max-w-full py-1 text-left whitespace-normal"
            aria-expanded={panel?.kind === 'reassign' && panel.email === h.email}
            onClick={() => actions.open({ place: row.place, kind: 'reassign', email: h.email })}
          >
            Reasignar<span className="sr-only"> {label}</span>
            {holders.length > 1 && <span className="break-all"> ({h.name})</span>}
          </Button>
        ))}
        {cancellable.length > 0 && (
          <Button
            id={`${id}-cancel`}
            size="sm"
            variant="ghost"
            aria-expanded={panel?.kind === 'cancel'}
            onClick={() => actions.open({ place: row.place, kind: 'cancel' })}
          >
            Cancelar lugar<span className="sr-only"> {row.place}</span>
          </Button>
        )}
      </div>
      {panel && (
        <div className="mt-3 md:col-span-full">
          {panel.kind === 'assign' && free.length === 0 && <Gone onClose={closeTo(null)} />}
          {panel.kind === 'assign' && free.length > 0 && (
            <PersonForm
              orderId={orderId}
              label={label}
              columns={columns}
              places={free}
              holder={null}
              actions={rowActions}
              onCancel={closeTo(`${id}-assign`)}
            />
          )}
          {panel.kind === 'reassign' && (
            <ReassignPanel
              orderId={orderId}
              label={label}
              columns={columns}
              holder={holders.find((h) => h.email === panel.email)}
              actions={rowActions}
              onCancel={closeTo(`${id}-reassign-${holders.findIndex((h) => h.email === panel.email)}`)}
            />
          )}
          {panel.kind === 'cancel' && cancellable.length === 0 && <Gone onClose={closeTo(null)} />}
          {panel.kind === 'cancel' && cancellable.length > 0 && (
            <CancelPanel
              orderId={orderId}
              label={label}
              columns={columns}
              places={cancellable}
              actions={rowActions}
              onCancel={closeTo(`${id}-cancel`)}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** A day of a row: its state and who holds it (the day is named on a phone, and to readers). */
function DayCell({ column, place }: { column: DayColumn; place: GroupPlace | null }) {
  const date = dateNote(column);
  return (
    <div className="mt-2 rounded-lg border border-slate-200 p-3 first-of-type:mt-0 md:mt-0 md:rounded-none md:border-0 md:p-0 md:pt-1">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold text-slate-800 md:sr-only">
          {column.label}
          {date && <span className="font-normal text-slate-600"> ({date})</span>}
        </p>
        {place && <Badge tone={TONES[place.state]}>{PLACE_STATE_LABELS[place.state]}</Badge>}
      </div>
      <p className="mt-1 text-sm break-words text-slate-700">
        {!place
          ? 'No incluido en la compra'
          : place.assignee
            ? `${place.assignee.name} · ${place.assignee.email}`
            : 'Nadie asignado todavía'}
      </p>
      {place?.assignee && place.registration && (
        <Badge tone={place.registration === 'completa' ? 'success' : 'warning'} className="mt-1">
          {REGISTRATION_LABELS[place.registration]}
        </Badge>
      )}
    </div>
  );
}

/** The day (or days) a place of the row covers, as a checkbox's label names it. */
function dayOf(place: GroupPlace, columns: DayColumn[]): string {
  const column = columns.find((c) => c.days.join('\u0000') === place.days.join('\u0000'));
  if (!column) return place.days.join(', ');
  const date = dateNote(column);
  return date ? `${column.label} (${date})` : column.label;
}

/** An open form whose places changed meanwhile (the list was read again). */
function Gone({ onClose }: { onClose: () => void }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm">
      <p>{GROUP_MSG.placeInProgress}</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={onClose}>
        Cerrar
      </Button>
    </div>
  );
}

/** The reassign form of one holder of the row (gone if the list changed meanwhile). */
function ReassignPanel({
  holder,
  onCancel,
  ...props
}: {
  orderId: string;
  label: string;
  columns: DayColumn[];
  holder: Holder | undefined;
  actions: RowActions;
  onCancel: () => void;
}) {
  if (!holder) return <Gone onClose={onCancel} />;
  return <PersonForm {...props} places={holder.places} holder={holder} onCancel={onCancel} />;
}

/**
 * One person for several places of the row: its free days (assign) or the days one holder has
 * (reassign, sent with the holder's e-mail as the buyer saw it), all ticked to start with.
 */
function PersonForm({
  orderId,
  label,
  columns,
  places,
  holder,
  actions,
  onCancel,
}: {
  orderId: string;
  label: string;
  columns: DayColumn[];
  places: GroupPlace[];
  holder: Holder | null;
  actions: RowActions;
  onCancel: () => void;
}) {
  const assign = useAssignPlace();
  const reassign = useReassignPlace();
  const pending = assign.isPending || reassign.isPending;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [ticked, setTicked] = useState<string[]>(() => places.map((p) => p.placeId));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    nameRef.current?.focus();
  }, []);
  // Only places still offered count (the list may have been read again meanwhile).
  const chosen = places.filter((p) => ticked.includes(p.placeId)).map((p) => p.placeId);
  const title = holder ? `Reasignar ${label}` : `Asignar ${label}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (chosen.length === 0) {
      setError(GROUP_MSG.groupDaysRequired);
      return;
    }
    const callbacks = {
      onSuccess: (res: { message: string }) => actions.done(res.message),
      onError: (err: Error) => {
        if (isPlaceTaken(err)) actions.taken(err.message);
        else setError(errorMessage(err, MSG.serverError));
      },
    };
    if (holder) {
      reassign.mutate({ orderId, placeIds: chosen, currentEmail: holder.email, name, email }, callbacks);
    } else assign.mutate({ orderId, placeIds: chosen, name, email }, callbacks);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <p id={`${id}-title`} className="font-semibold">
          {title}
        </p>
        {holder && (
          <p className="text-sm break-words text-slate-700">
            Ahora: {holder.name} · {holder.email}. Esa persona pierde el acceso y recibe un correo.
          </p>
        )}
      </div>
      <div>
        <Label htmlFor={`${id}-name`}>Nombre completo</Label>
        <Input
          id={`${id}-name`}
          ref={nameRef}
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
      {columns.length > 1 && (
        <DayChecklist
          className="sm:col-span-2"
          legendClassName="text-sm font-medium text-ink"
          legend={holder ? 'Días que pasan a la nueva persona' : 'Días para esta persona'}
          places={places}
          ticked={ticked}
          setTicked={setTicked}
          labelOf={(p) => <span className="text-sm">{dayOf(p, columns)}</span>}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" loading={pending}>
          Guardar
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/** Cancel places of the row by the terms: the only one, or the days ticked. */
function CancelPanel({
  orderId,
  label,
  columns,
  places,
  actions,
  onCancel,
}: {
  orderId: string;
  label: string;
  columns: DayColumn[];
  places: GroupPlace[];
  actions: RowActions;
  onCancel: () => void;
}) {
  const cancel = useCancelPlaces();
  const several = places.length > 1;
  // One place: that one; several: none until the buyer ticks them.
  const [ticked, setTicked] = useState<string[]>(() => (several ? [] : places.map((p) => p.placeId)));
  const [error, setError] = useState<string | null>(null);
  const chosen = places.filter((p) => ticked.includes(p.placeId));
  const refund = chosen.reduce((sum, p) => sum + p.refund, 0);
  const confirm = () => {
    setError(null);
    if (chosen.length === 0) {
      setError(GROUP_MSG.placesCancelNone);
      return;
    }
    cancel.mutate(
      { orderId, placeIds: chosen.map((p) => p.placeId) },
      {
        onSuccess: (res) => actions.done(res.message),
        onError: (err) => {
          if (isPlaceTaken(err)) actions.taken(err.message);
          else setError(errorMessage(err, MSG.serverError));
        },
      },
    );
  };
  return (
    <div
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
      role="group"
      aria-label={`Cancelar ${label}`}
    >
      {several ? (
        <DayChecklist
          legendClassName="font-medium text-ink"
          legend="Días que quieres cancelar"
          places={places}
          ticked={ticked}
          setTicked={setTicked}
          labelOf={(p) => (
            <span>
              {dayOf(p, columns)} · {formatPrice(p.refund)}
            </span>
          )}
        />
      ) : null}
      <p className={several ? 'mt-3' : undefined}>
        Según los términos se reembolsan {formatPrice(refund)} (lo pagado por{' '}
        {chosen.length === 1 ? 'este lugar' : 'estos lugares'} menos el cargo administrativo) y el lugar se
        libera.
      </p>
      {error && (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="danger" loading={cancel.isPending} onClick={confirm}>
          Sí, cancelar {label.toLowerCase()}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          No cancelar
        </Button>
      </div>
    </div>
  );
}

/** A row's days as checkboxes (the ones to assign, or to cancel), ticked by place id. */
function DayChecklist({
  className,
  legendClassName,
  legend,
  places,
  ticked,
  setTicked,
  labelOf,
}: {
  className?: string;
  legendClassName: string;
  legend: string;
  places: readonly GroupPlace[];
  ticked: readonly string[];
  setTicked: (update: (cur: string[]) => string[]) => void;
  labelOf: (p: GroupPlace) => ReactNode;
}) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {places.map((p) => (
          <label
            key={p.placeId}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 hover:border-slate-400"
          >
            <input
              type="checkbox"
              className="h-5 w-5 shrink-0 accent-brand-700"
              checked={ticked.includes(p.placeId)}
              onChange={(e) =>
                setTicked((cur) =>
                  e.target.checked ? [...cur, p.placeId] : cur.filter((x) => x !== p.placeId),
                )
              }
            />
            {labelOf(p)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
