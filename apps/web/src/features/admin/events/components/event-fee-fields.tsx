// The event form's "Cuotas" section: how the event is sold, the event it requires, and its fee
// schedule, one row per (participant type, step). A step's "hasta" is its last minute in Mexico
// City time (empty = sin fecha límite); it is sent as the instant the step ends, one minute
// later, as the store stores and /cuotas shows it. Problems come from the same pure check the
// server applies (`tierProblem`), shown while the admin types.
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import {
  SALE_MODE_LABELS,
  SALE_MODES,
  USER_TYPE_LABELS,
  USER_TYPES,
  type UserType,
} from '@store/shared/constants';
import { toCentavos } from '@store/shared/domain/money';
import { stepLastMinute, tierProblem, type PriceTier } from '@store/shared/domain/pricing';
import { fromMexicoCityLocal, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import {
  TIER_PROBLEM_MESSAGES,
  toPriceTiers,
  type AdminEvent,
  type AdminTierInput,
} from '@store/shared/schemas/admin/events';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextField } from '../../../../components/ui/input';
import { parseAmount } from '../../../../lib/form-resolver';
import { toLocalInput } from '../../../../lib/admin/format';
import type { EventFormValues } from './event-form';

const STEP_MINUTE_MS = 60_000;

/** A row of the schedule as the form holds it: text fields. */
export interface TierForm {
  userType: UserType;
  /** datetime-local, Mexico City time: the step's last minute; '' = no end. */
  until: string;
  price: string;
  scholarshipPrice: string;
}

export const emptyTier = (): TierForm => ({
  userType: 'general',
  until: '',
  price: '',
  scholarshipPrice: '',
});

/** Stored tiers → form rows, the last minute of each dated step shown. */
export function toTierForms(tiers: AdminEvent['tiers']): TierForm[] {
  return tiers.map((t) => ({
    userType: t.userType,
    until: t.until === null ? '' : toLocalInput(stepLastMinute(t.until)),
    price: String(t.price),
    scholarshipPrice: t.scholarshipPrice === null ? '' : String(t.scholarshipPrice),
  }));
}

/** '-25' → -25: a minus sign is read so that the check can say "negative" rather than "invalid". */
function parseSignedAmount(text: string): number {
  const t = text.trim();
  return t.startsWith('-') ? -parseAmount(t.slice(1)) : parseAmount(t);
}

/** Form rows → the API's tiers: the step ends one minute after the last minute entered. */
export function toTierPayload(tiers: readonly TierForm[]): AdminTierInput[] {
  return tiers.map((t) => {
    const last = t.until ? fromMexicoCityLocal(t.until) : null;
    return {
      userType: t.userType,
      // Text that is not a wall time goes on unchanged for the schema to refuse with its message.
      until: t.until ? (last ? new Date(last.getTime() + STEP_MINUTE_MS).toISOString() : t.until) : null,
      price: parseSignedAmount(t.price),
      scholarshipPrice: t.scholarshipPrice.trim() === '' ? null : parseSignedAmount(t.scholarshipPrice),
    };
  });
}

/** The problem `tierProblem` finds in the rows as typed (rows still unreadable are skipped). */
export function liveTierProblem(price: string, tiers: readonly TierForm[]): string | null {
  const readable = toTierPayload(tiers).filter(
    (t): t is AdminTierInput & { until: string | null; price: number } =>
      Number.isFinite(t.price) &&
      (t.scholarshipPrice === null || Number.isFinite(t.scholarshipPrice)) &&
      (t.until === null || !Number.isNaN(Date.parse(t.until))),
  );
  const priced: PriceTier[] = toPriceTiers(
    readable.map((t) => ({
      userType: t.userType,
      until: t.until === null ? null : Date.parse(t.until),
      price: t.price,
      scholarshipPrice: t.scholarshipPrice ?? null,
    })),
  );
  // The base price reads as the payload does; an unreadable one has its own message.
  const base = price.trim() === '' ? null : parseAmount(price);
  if (base !== null && !Number.isFinite(base)) return null;
  const problem = tierProblem(priced, base === null ? null : toCentavos(base));
  return problem ? TIER_PROBLEM_MESSAGES[problem] : null;
}

export function EventFeeFields({
  form,
  events,
  selfId,
}: {
  form: UseFormReturn<EventFormValues>;
  /** The events this one may require (every other event). */
  events: readonly { _id: string; name: string }[];
  selfId?: string;
}) {
  const { register, control, watch, formState } = form;
  const rows = useFieldArray({ control, name: 'tiers' });
  const errors = formState.errors;
  // The same check the schema runs on submit, so its message is always current (the
  // resolver's copy of it would stay until the next submit). It waits until the form is
  // touched or a save is tried: a new, empty form does not open on «sin precio».
  const touched = formState.isDirty || formState.submitCount > 0;
  const problem = touched ? liveTierProblem(watch('price'), watch('tiers')) : null;
  const others = events.filter((e) => e._id !== selfId);

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Forma de venta" error={errors.saleMode?.message} {...register('saleMode')}>
          {SALE_MODES.map((m) => (
            <option key={m} value={m}>
              {SALE_MODE_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Requiere inscripción previa a"
          hint="Quien no la tenga (pagada o en el mismo carrito) no puede comprar este evento."
          error={errors.requires?.message}
          {...register('requires')}
        >
          <option value="">Ninguno</option>
          {others.map((e) => (
            <option key={e._id} value={e._id}>
              {e.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Cuota institucional por lugar (MXN$)"
          inputMode="decimal"
          hint="Lo que cuesta cada lugar en una compra para un equipo (hospitales, universidades), por día o por el evento completo. Vacío: el precio General vigente."
          error={errors.institutionalPrice?.message}
          {...register('institutionalPrice')}
        />
      </div>

      <p className="text-sm text-slate-600">
        Cada cuota es el precio de un tipo de participante, vigente <strong>hasta</strong> el minuto indicado
        ({MX_TIME_ZONE_LABEL}); vacío = sin fecha límite. Después de la fecha aplica la siguiente cuota del
        mismo tipo; sin cuota propia, el participante paga la General, y sin ella el precio del evento. El
        precio con beca aplica a los miembros becados.
      </p>
      {problem && (
        <Alert tone="error" live>
          {problem}
        </Alert>
      )}
      {rows.fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          Sin cuotas: todos pagan el precio del evento.
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Cuotas">
          {rows.fields.map((field, i) => {
            const rowErrors = errors.tiers?.[i];
            return (
              <li
                key={field.id}
                className="grid grid-cols-2 items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <SelectField
                  label={`Tipo (cuota ${i + 1})`}
                  containerClassName="col-span-2 lg:col-span-1"
                  error={rowErrors?.userType?.message}
                  {...register(`tiers.${i}.userType`)}
                >
                  {USER_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {USER_TYPE_LABELS[t]}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Hasta"
                  type="datetime-local"
                  containerClassName="col-span-2 lg:col-span-1"
                  hint="Último minuto; vacío = sin fecha límite"
                  error={rowErrors?.until?.message}
                  {...register(`tiers.${i}.until`)}
                />
                <TextField
                  label="Precio (MXN$)"
                  inputMode="decimal"
                  error={rowErrors?.price?.message}
                  {...register(`tiers.${i}.price`)}
                />
                <TextField
                  label="Con beca"
                  inputMode="decimal"
                  placeholder="Sin beca"
                  error={rowErrors?.scholarshipPrice?.message}
                  {...register(`tiers.${i}.scholarshipPrice`)}
                />
                <div className="col-span-2 flex justify-end lg:col-span-1 lg:pt-6">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => rows.remove(i)}
                    aria-label={`Quitar la cuota ${i + 1}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        variant="secondary"
        onClick={() => rows.append(emptyTier())}
        disabled={rows.fields.length >= 60}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Agregar cuota
      </Button>
    </div>
  );
}
