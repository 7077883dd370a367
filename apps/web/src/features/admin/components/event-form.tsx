// Create or edit an event: details, images, and the day options in order, each with its
// stream link (previewed) and optional seat limit. Existing days keep their id, so a rename
// or move never breaks the orders that point at them; a day with orders cannot be removed.
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { CATEGORIES, LEVELS } from '@store/shared/constants';
import { adminEventInput, type AdminEvent, type AdminEventInput } from '@store/shared/schemas/admin/events';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox, SelectField, TextareaField, TextField } from '../../../components/ui/input';
import { parseAmount, parseOptionalInt, formResolver } from '../../../lib/form-resolver';
import { ImageManager } from './image-manager';
import { StreamPreview } from './stream-preview';

interface DayForm {
  _id?: string;
  label: string;
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
}

const emptyDay = (): DayForm => ({
  label: '',
  streamUrl: '',
  seatCapacity: '',
  seatsTaken: 0,
  seatsSold: 0,
  ordersCount: 0,
});

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
      streamUrl: d.streamUrl ?? '',
      seatCapacity: d.seatCapacity === null ? '' : String(d.seatCapacity),
      seatsTaken: d.seatsTaken,
      seatsSold: d.seatsSold,
      ordersCount: d.ordersCount,
    })),
  };
}

export function toEventPayload(v: EventFormValues): AdminEventInput {
  return {
    name: v.name,
    description: v.description,
    price: parseAmount(v.price),
    image: v.image,
    category: v.category as AdminEventInput['category'],
    subCategory: v.subCategory as AdminEventInput['subCategory'],
    isPresential: v.isPresential,
    days: v.days.map((d) => ({
      ...(d._id ? { _id: d._id } : {}),
      label: d.label,
      streamUrl: d.streamUrl.trim() || null,
      seatCapacity: parseOptionalInt(d.seatCapacity),
    })),
  };
}

const resolver = formResolver<EventFormValues, typeof adminEventInput>(
  adminEventInput,
  toEventPayload,
  (path) =>
    // Image errors show under the image list as a whole.
    path[0] === 'image' ? ['image'] : path,
);

export function EventForm({
  event,
  onSubmit,
  serverError,
}: {
  event?: AdminEvent;
  onSubmit: (payload: AdminEventInput) => Promise<AdminEvent | null>;
  serverError?: string;
}) {
  const form = useForm<EventFormValues>({ defaultValues: toEventForm(event), resolver });
  const { register, control, handleSubmit, formState, watch, setValue, reset } = form;
  const days = useFieldArray({ control, name: 'days' });
  const errors = formState.errors;

  // After a save the server's copy (with ids for new days) becomes the form's starting point.
  useEffect(() => {
    if (event) reset(toEventForm(event));
  }, [event, reset]);

  const submit = handleSubmit(async (values) => {
    const saved = await onSubmit(toEventPayload(values));
    if (saved) reset(toEventForm(saved));
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
            required
            inputMode="decimal"
            placeholder="2500"
            hint="0 para un evento gratuito. Cambiarlo no afecta órdenes ya hechas."
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
            Cada día es una opción de compra, en este orden. El enlace de transmisión (YouTube o Vimeo) solo
            lo ven quienes pagaron ese día. Deja el cupo vacío para no limitar los lugares.
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          {daysError && (
            <Alert tone="error" live>
              {daysError}
            </Alert>
          )}
          <ol className="space-y-4">
            {days.fields.map((field, i) => {
              const dayErrors = errors.days?.[i];
              const locked = field.ordersCount > 0 || field.seatsTaken > 0;
              const label = watch(`days.${i}.label`);
              const url = watch(`days.${i}.streamUrl`);
              return (
                <li key={field.id} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                  <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold text-ink">
                      Día {i + 1}
                      {field._id && (
                        <span className="ml-2 text-sm font-normal text-slate-600">
                          {field.seatsTaken} ocupados · {field.seatsSold} pagados
                        </span>
                      )}
                    </h3>
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={i === 0}
                        onClick={() => days.move(i, i - 1)}
                        aria-label={`Subir el día ${i + 1}`}
                      >
                        <ArrowUp aria-hidden="true" className="h-4 w-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={i === days.fields.length - 1}
                        onClick={() => days.move(i, i + 1)}
                        aria-label={`Bajar el día ${i + 1}`}
                      >
                        <ArrowDown aria-hidden="true" className="h-4 w-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={locked || days.fields.length === 1}
                        title={locked ? 'Tiene órdenes: no se puede quitar (puedes renombrarlo)' : undefined}
                        onClick={() => days.remove(i)}
                        aria-label={`Quitar el día ${i + 1}`}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
                      </Button>
                    </div>
                  </div>
                  <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_minmax(0,1fr)]">
                    <TextField
                      label="Nombre del día"
                      required
                      placeholder="Jueves 29 de mayo de 2025"
                      error={dayErrors?.label?.message}
                      {...register(`days.${i}.label`)}
                    />
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
                      Este día tiene órdenes: puedes renombrarlo, moverlo o cambiar su enlace, pero no
                      quitarlo.
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          <Button
            variant="secondary"
            onClick={() => days.append(emptyDay())}
            disabled={days.fields.length >= 30}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            Agregar día
          </Button>
        </CardContent>
      </Card>

      <div className="sticky bottom-0 -mx-4 flex justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <Button type="submit" loading={formState.isSubmitting}>
          {event ? 'Guardar cambios' : 'Crear evento'}
        </Button>
      </div>
    </form>
  );
}
