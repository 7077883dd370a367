// Create or edit an event: details, images, and the day options in chronological order, each
// with its start and end (entered and shown in Mexico City time, whatever the browser's zone),
// its option text (offered from the date, editable), stream link (previewed) and optional seat
// limit. Existing days keep their id, so a rename or reschedule never breaks the orders that
// point at them; a day with orders cannot be removed. The "Cuotas" section (event-fee-fields)
// edits how the event is sold, its prerequisite and its fee schedule; "Aval para
// recertificación" the endorsement printed on the event's constancias (all four fields, or
// none). A new event or a draft is saved with «Guardar borrador» or «Publicar» (the route
// saves, then publishes: what is missing is named and the draft keeps the edits); a published
// one with «Guardar cambios» (docs/product.md → Drafts and publishing).
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { ArrowDownUp, Plus, Send, Trash2, WandSparkles } from 'lucide-react';
import { CATEGORIES, LEVELS, type SaleMode } from '@store/shared/constants';
import { ENDED_LABEL, hasEnded } from '@store/shared/domain/event-days';
import {
  addCalendarDays,
  formatDayLabel,
  fromMexicoCityLocal,
  MX_TIME_ZONE_LABEL,
  toMexicoCityLocal,
} from '@store/shared/domain/time';
import { adminEventInput, type AdminEvent, type AdminEventInput } from '@store/shared/schemas/admin/events';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Checkbox, SelectField, TextareaField, TextField } from '../../../../components/ui/input';
import { fromLocalInput, toLocalInput } from '../../../../lib/admin/format';
import { parseAmount, parseOptionalInt, formResolver } from '../../../../lib/form-resolver';
import { ImageManager } from './image-manager';
import { useNow } from '../../../../lib/use-now';
import { StreamPreview } from './stream-preview';
import { EventFeeFields, toTierForms, toTierPayload, type TierForm } from './event-fee-fields';

interface DayForm {
  _id?: string;
  label: string;
  /** datetime-local values, Mexico City time. */
  startsAt: string;
  endsAt: string;
  streamUrl: string;
  seatCapacity: string;
  seatsTaken: number;
  seatsSold: number;
  ordersCount: number;
}

export interface EventFormValues {
  name: string;
  description: string;
  price: string;
  image: string[];
  category: string;
  subCategory: string;
  isPresential: boolean;
  days: DayForm[];
  saleMode: string;
  /** The required event's id; '' = none. */
  requires: string;
  tiers: TierForm[];
  /** The constancias' endorsement; all four empty = none. */
  endorsement: { body: string; number: string; hours: string; points: string };
  /** One place of a purchase for a team (pesos); '' = the general price. */
  institutionalPrice: string;
  /** Where the in-person days happen; all three empty = no venue. */
  venue: { name: string; address: string; mapUrl: string };
}

const NO_ENDORSEMENT = { body: '', number: '', hours: '', points: '' };

const emptyDay = (): DayForm => ({
  label: '',
  startsAt: '',
  endsAt: '',
  streamUrl: '',
  seatCapacity: '',
  seatsTaken: 0,
  seatsSold: 0,
  ordersCount: 0,
});

/** The next day after `last`: the following calendar day at the same hours, its text from the date. */
export function nextDay(last: DayForm | undefined): DayForm {
  const start = last && fromMexicoCityLocal(last.startsAt);
  const end = last && fromMexicoCityLocal(last.endsAt);
  if (!start || !end) return emptyDay();
  const shift = (value: string) => `${addCalendarDays(value.slice(0, 10), 1)}${value.slice(10)}`;
  const startsAt = shift(toMexicoCityLocal(start));
  return {
    ...emptyDay(),
    label: formatDayLabel(fromMexicoCityLocal(startsAt) ?? start),
    startsAt,
    endsAt: shift(toMexicoCityLocal(end)),
    streamUrl: '',
    seatCapacity: last.seatCapacity,
  };
}

/** Instants of a form day, or null while either is not a valid Mexico City wall time. */
function instants(d: Pick<DayForm, 'startsAt' | 'endsAt'>): { startsAt: number; endsAt: number } | null {
  const start = fromMexicoCityLocal(d.startsAt);
  const end = fromMexicoCityLocal(d.endsAt);
  return start && end ? { startsAt: start.getTime(), endsAt: end.getTime() } : null;
}

/** True when some day starts before the one above it. */
export function daysOutOfOrder(days: readonly Pick<DayForm, 'startsAt'>[]): boolean {
  const starts = days.map((d) => fromMexicoCityLocal(d.startsAt)?.getTime());
  return starts.some((t, i) => i > 0 && t !== undefined && starts[i - 1] !== undefined && t < starts[i - 1]!);
}

export function toEventForm(event?: AdminEvent): EventFormValues {
  if (!event) {
    return {
      name: '',
      description: '',
      price: '',
      image: [],
      category: CATEGORIES[0],
      subCategory: LEVELS[0],
      isPresential: false,
      days: [emptyDay()],
      saleMode: 'por_dia',
      requires: '',
      tiers: [],
      endorsement: NO_ENDORSEMENT,
      institutionalPrice: '',
      venue: { name: '', address: '', mapUrl: '' },
    };
  }
  return {
    name: event.name,
    description: event.description,
    price: String(event.price),
    image: event.image,
    category: event.category,
    subCategory: event.subCategory,
    isPresential: event.isPresential,
    days: event.days.map((d) => ({
      _id: d._id,
      label: d.label,
      startsAt: toLocalInput(d.startsAt),
      endsAt: toLocalInput(d.endsAt),
      streamUrl: d.streamUrl ?? '',
      seatCapacity: d.seatCapacity === null ? '' : String(d.seatCapacity),
      seatsTaken: d.seatsTaken,
      seatsSold: d.seatsSold,
      ordersCount: d.ordersCount,
    })),
    saleMode: event.saleMode,
    requires: event.requires ?? '',
    tiers: toTierForms(event.tiers),
    endorsement: event.endorsement
      ? {
          body: event.endorsement.body,
          number: event.endorsement.number,
          hours: String(event.endorsement.hours),
          points: String(event.endorsement.points),
        }
      : NO_ENDORSEMENT,
    institutionalPrice:
      event.institutionalPrice === null || event.institutionalPrice === undefined
        ? ''
        : String(event.institutionalPrice),
    venue: {
      name: event.venue?.name ?? '',
      address: event.venue?.address ?? '',
      mapUrl: event.venue?.mapUrl ?? '',
    },
  };
}

/** The endorsement fields: null when all are empty, else every field (the schema checks each). */
function toEndorsementPayload(e: EventFormValues['endorsement']): AdminEventInput['endorsement'] {
  if ([e.body, e.number, e.hours, e.points].every((v) => v.trim() === '')) return null;
  return { body: e.body, number: e.number, hours: parseAmount(e.hours), points: parseAmount(e.points) };
}

export function toEventPayload(v: EventFormValues): AdminEventInput {
  return {
    name: v.name,
    description: v.description,
    // Empty: the price of the General step without an end (the schema refuses it without one).
    price: v.price.trim() === '' ? null : parseAmount(v.price),
    image: v.image,
    category: v.category as AdminEventInput['category'],
    subCategory: v.subCategory as AdminEventInput['subCategory'],
    isPresential: v.isPresential,
    days: v.days.map((d) => ({
      ...(d._id ? { _id: d._id } : {}),
      label: d.label,
      // Empty stays empty: the schema answers "Indica la fecha y la hora…".
      startsAt: fromLocalInput(d.startsAt) ?? '',
      endsAt: fromLocalInput(d.endsAt) ?? '',
      streamUrl: d.streamUrl.trim() || null,
      seatCapacity: parseOptionalInt(d.seatCapacity),
    })),
    saleMode: v.saleMode as SaleMode,
    requires: v.requires || null,
    tiers: toTierPayload(v.tiers),
    endorsement: toEndorsementPayload(v.endorsement),
    institutionalPrice: v.institutionalPrice.trim() === '' ? null : parseAmount(v.institutionalPrice),
    // Empty texts are "not given"; all empty = no venue (the schema says so).
    venue: v.venue,
  };
}

const resolver = formResolver<EventFormValues, typeof adminEventInput>(
  adminEventInput,
  toEventPayload,
  (path) =>
    // Image errors show under the image list as a whole.
    path[0] === 'image' ? ['image'] : path,
);

/** What the button pressed asks for: save a draft (or keep it one), publish, or save a published event. */
export type EventFormIntent = 'draft' | 'publish' | 'save';

export function EventForm({
  event,
  events = [],
  onSubmit,
  serverError,
}: {
  event?: AdminEvent;
  /** Every event (for the prerequisite select); this one is left out. */
  events?: readonly { _id: string; name: string }[];
  onSubmit: (payload: AdminEventInput, intent: EventFormIntent) => Promise<AdminEvent | null>;
  serverError?: string;
}) {
  const form = useForm<EventFormValues>({ defaultValues: toEventForm(event), resolver });
  const { register, control, handleSubmit, formState, watch, setValue, reset, getValues } = form;
  const days = useFieldArray({ control, name: 'days' });
  const errors = formState.errors;
  const now = useNow();
  const outOfOrder = daysOutOfOrder(watch('days'));
  // Stable sort by start: days without a valid start keep their place at the end.
  const sortDays = () => {
    const current = getValues('days');
    const order = current
      .map((d, i) => ({ i, t: fromMexicoCityLocal(d.startsAt)?.getTime() ?? Number.POSITIVE_INFINITY }))
      .sort((a, b) => a.t - b.t || a.i - b.i)
      .map((x) => x.i);
    days.replace(order.map((i) => current[i]!));
  };

  // After a save the server's copy (with ids for new days) becomes the form's starting point.
  useEffect(() => {
    if (event) reset(toEventForm(event));
  }, [event, reset]);

  // A new event and a draft stay drafts unless «Publicar» is pressed (Enter saves the draft:
  // it presses the first submit button).
  const draftForm = !event || event.draft;
  const intent = useRef<EventFormIntent>(draftForm ? 'draft' : 'save');
  const [pressed, setPressed] = useState<EventFormIntent>();
  const submit = handleSubmit(async (values) => {
    setPressed(intent.current);
    try {
      const saved = await onSubmit(toEventPayload(values), intent.current);
      if (saved) reset(toEventForm(saved));
    } finally {
      setPressed(undefined);
    }
  });

  const images = watch('image');
  const daysError = (errors.days as { message?: string } | undefined)?.message ?? errors.days?.root?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {serverError && (
        <Alert tone="error" title="No se guardaron los cambios" live>
          {serverError}
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Datos del evento</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Nombre"
            required
            containerClassName="sm:col-span-2"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextareaField
            label="Descripción"
            rows={5}
            containerClassName="sm:col-span-2"
            error={errors.description?.message}
            {...register('description')}
          />
          <TextField
            label="Precio (MXN$, pesos)"
            inputMode="decimal"
            placeholder="2500"
            hint="El precio general. 0 para un evento gratuito; vacío si las cuotas tienen una General sin fecha límite. Cambiarlo no afecta órdenes ya hechas."
            error={errors.price?.message}
            {...register('price')}
          />
          <div className="flex items-end pb-2">
            <Checkbox label="Evento presencial" {...register('isPresential')} />
          </div>
          <SelectField label="Categoría" required error={errors.category?.message} {...register('category')}>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Nivel"
            required
            error={errors.subCategory?.message}
            {...register('subCategory')}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </SelectField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sede</CardTitle>
          <p className="text-sm text-slate-600">
            Dónde se realizan los días presenciales: aparece en la página del evento, el correo de
            confirmación, el boleto y el calendario. Un evento transmitido con sede es híbrido. Déjala vacía
            si el evento es solo en línea.
          </p>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Nombre de la sede"
            placeholder="Instituto Nacional de Cardiología"
            error={errors.venue?.name?.message}
            {...register('venue.name')}
          />
          <TextField
            label="Enlace al mapa"
            inputMode="url"
            placeholder="https://maps.google.com/…"
            hint="Una dirección https:// (Google Maps, por ejemplo)."
            error={errors.venue?.mapUrl?.message}
            {...register('venue.mapUrl')}
          />
          <TextField
            containerClassName="sm:col-span-2"
            label="Dirección"
            placeholder="Calle y número, colonia, código postal, ciudad"
            error={errors.venue?.address?.message}
            {...register('venue.address')}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Cuotas</CardTitle>
        </CardHeader>
        <CardContent>
          <EventFeeFields form={form} events={events} selfId={event?._id} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Aval para recertificación</CardTitle>
          <p className="text-sm text-slate-600">
            Si un consejo de especialidad avala el evento, sus datos se imprimen en cada constancia y se
            muestran en su página de verificación. Déjalos vacíos si el evento no tiene aval.
          </p>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Organismo que avala"
            placeholder="Consejo Mexicano de Anestesiología, A.C."
            error={errors.endorsement?.body?.message}
            {...register('endorsement.body')}
          />
          <TextField
            label="Número de aval"
            error={errors.endorsement?.number?.message}
            {...register('endorsement.number')}
          />
          <TextField
            label="Horas avaladas"
            inputMode="decimal"
            error={errors.endorsement?.hours?.message}
            {...register('endorsement.hours')}
          />
          <TextField
            label="Puntos de recertificación"
            inputMode="decimal"
            error={errors.endorsement?.points?.message}
            {...register('endorsement.points')}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Imágenes</CardTitle>
        </CardHeader>
        <CardContent>
          <ImageManager
            images={images}
            onChange={(next) => setValue('image', next, { shouldDirty: true })}
            error={(errors.image as { message?: string } | undefined)?.message}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Días</CardTitle>
          <p className="text-sm text-slate-600">
            Cada día es una opción de compra, en orden cronológico, con su inicio y su fin en{' '}
            <strong className="font-semibold text-ink">{MX_TIME_ZONE_LABEL}</strong>: un día que ya terminó no
            se puede comprar. El enlace de transmisión (YouTube o Vimeo) solo lo ven quienes pagaron ese día.
            Deja el cupo vacío para no limitar los lugares.
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          {daysError && (
            <Alert tone="error" live>
              {daysError}
            </Alert>
          )}
          {outOfOrder && (
            <Alert tone="info" title="Los días no están en orden cronológico">
              <Button variant="secondary" size="sm" className="mt-2" onClick={sortDays}>
                <ArrowDownUp aria-hidden="true" className="h-4 w-4" />
                Ordenar por fecha
              </Button>
            </Alert>
          )}
          <ol className="space-y-4">
            {days.fields.map((field, i) => (
              <DayFields
                key={field.id}
                form={form}
                index={i}
                field={field}
                count={days.fields.length}
                now={now}
                onRemove={() => days.remove(i)}
              />
            ))}
          </ol>
          <Button
            variant="secondary"
            onClick={() => days.append(nextDay(getValues('days').at(-1)))}
            disabled={days.fields.length >= 30}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            Agregar día
          </Button>
        </CardContent>
      </Card>

      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        {draftForm ? (
          <>
            <p className="hidden min-w-0 flex-1 text-sm text-slate-600 md:block">
              Solo el personal ve un borrador. Para publicarlo necesita descripción, precio, imagen de portada
              y un día por venir.
            </p>
            <Button
              type="submit"
              variant="secondary"
              loading={pressed === 'draft'}
              disabled={formState.isSubmitting}
              onClick={() => (intent.current = 'draft')}
            >
              Guardar borrador
            </Button>
            <Button
              type="submit"
              loading={pressed === 'publish'}
              disabled={formState.isSubmitting}
              onClick={() => (intent.current = 'publish')}
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              Publicar
            </Button>
          </>
        ) : (
          <Button type="submit" loading={formState.isSubmitting} onClick={() => (intent.current = 'save')}>
            Guardar cambios
          </Button>
        )}
      </div>
    </form>
  );
}

/** One day of the form: when it happens, its option text, stream link and seat limit. */
function DayFields({
  form,
  index: i,
  field,
  count,
  now,
  onRemove,
}: {
  form: UseFormReturn<EventFormValues>;
  index: number;
  field: DayForm;
  count: number;
  now: number;
  onRemove: () => void;
}) {
  const { register, watch, setValue, getValues, formState } = form;
  const dayErrors = formState.errors.days?.[i];
  const locked = field.ordersCount > 0 || field.seatsTaken > 0;
  const label = watch(`days.${i}.label`);
  const url = watch(`days.${i}.streamUrl`);
  const times = instants({ startsAt: watch(`days.${i}.startsAt`), endsAt: watch(`days.${i}.endsAt`) });
  const start = fromMexicoCityLocal(watch(`days.${i}.startsAt`));
  // The text written from the date, offered when the current text is not it: without the
  // year when the current text is a date without one ('Jueves 7 de enero'), else with it.
  const text = label.trim();
  const yearless = /^\p{L}+ \d{1,2} de \p{L}+$/u.test(text);
  const suggested =
    start && text !== formatDayLabel(start, { year: !yearless })
      ? formatDayLabel(start, { year: !yearless })
      : null;
  const ended = times !== null && times.endsAt > times.startsAt && hasEnded(times, now);
  const startField = register(`days.${i}.startsAt`);
  return (
    <li className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          Día {i + 1}
          {ended && <Badge>{ENDED_LABEL}</Badge>}
          {field._id && (
            <span className="text-sm font-normal text-slate-600">
              {field.seatsTaken} ocupados · {field.seatsSold} pagados
            </span>
          )}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          disabled={locked || count === 1}
          title={
            locked ? 'Tiene órdenes: no se puede quitar (puedes renombrarlo o cambiar su fecha)' : undefined
          }
          onClick={onRemove}
          aria-label={`Quitar el día ${i + 1}`}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Inicio"
          type="datetime-local"
          required
          hint={`Fecha y hora, ${MX_TIME_ZONE_LABEL}`}
          error={dayErrors?.startsAt?.message}
          {...startField}
          onBlur={(e) => {
            void startField.onBlur(e);
            // A new day with no text yet gets the one written from its date.
            const at = fromMexicoCityLocal(e.target.value);
            if (at && !getValues(`days.${i}.label`).trim()) {
              setValue(`days.${i}.label`, formatDayLabel(at), { shouldDirty: true });
            }
          }}
        />
        <TextField
          label="Fin"
          type="datetime-local"
          required
          hint={`Hasta 24 horas después del inicio, ${MX_TIME_ZONE_LABEL}`}
          min={watch(`days.${i}.startsAt`) || undefined}
          error={dayErrors?.endsAt?.message}
          {...register(`days.${i}.endsAt`)}
        />
      </div>
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_minmax(0,1fr)]">
        <div>
          <TextField
            label="Nombre del día"
            required
            placeholder="Jueves 29 de mayo de 2025"
            error={dayErrors?.label?.message}
            {...register(`days.${i}.label`)}
          />
          {suggested && (
            <button
              type="button"
              onClick={() =>
                setValue(`days.${i}.label`, suggested, { shouldDirty: true, shouldValidate: true })
              }
              className="mt-1 inline-flex items-center gap-1 text-left text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              <WandSparkles aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
              Usar «{suggested}»
            </button>
          )}
        </div>
        <div>
          <TextField
            label="Enlace de transmisión"
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            error={dayErrors?.streamUrl?.message}
            {...register(`days.${i}.streamUrl`)}
          />
          {!dayErrors?.streamUrl && <StreamPreview url={url} label={label} />}
        </div>
        <TextField
          label="Cupo"
          inputMode="numeric"
          placeholder="Sin límite"
          hint={field.seatsTaken > 0 ? `Mínimo ${field.seatsTaken}` : undefined}
          error={dayErrors?.seatCapacity?.message}
          {...register(`days.${i}.seatCapacity`)}
        />
      </div>
      {locked && (
        <p className="mt-2 text-xs text-slate-600">
          Este día tiene órdenes: puedes renombrarlo, cambiar su fecha o su enlace, pero no quitarlo.
        </p>
      )}
    </li>
  );
}
