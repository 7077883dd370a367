// Create or edit a coupon: code, percent or fixed amount, the events it applies to, the user
// types allowed, validity window and usage limits, with the shared schema's messages.
import { useForm } from 'react-hook-form';
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '@store/shared/constants';
import {
  adminCouponInput,
  type AdminCoupon,
  type AdminCouponInput,
} from '@store/shared/schemas/admin/coupons';
import { type AdminEvent } from '@store/shared/schemas/admin/events';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Checkbox, FieldError, TextField } from '../../../../components/ui/input';
import { MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import { fromLocalInput, toLocalInput } from '../../../../lib/admin/format';
import { parseAmount, parseOptionalInt, formResolver } from '../../../../lib/form-resolver';
import { eventOptionLabel, eventsForPicker } from '../../../../lib/admin/event-options';

export interface CouponFormValues {
  code: string;
  description: string;
  discountType: 'percent' | 'fixed';
  discountValue: string;
  productIds: string[];
  userTypes: UserType[];
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerUser: string;
  active: boolean;
}

function toForm(c?: AdminCoupon): CouponFormValues {
  return {
    code: c?.code ?? '',
    description: c?.description ?? '',
    discountType: c?.discountType ?? 'percent',
    discountValue: c ? String(c.discountValue) : '',
    productIds: c?.productIds ?? [],
    userTypes: c?.userTypes ?? [],
    validFrom: toLocalInput(c?.validFrom ?? null),
    validUntil: toLocalInput(c?.validUntil ?? null),
    maxUses: c?.maxUses ? String(c.maxUses) : '',
    maxUsesPerUser: c?.maxUsesPerUser ? String(c.maxUsesPerUser) : '',
    active: c?.active ?? true,
  };
}

function toPayload(v: CouponFormValues): AdminCouponInput {
  return {
    code: v.code,
    description: v.description,
    discountType: v.discountType,
    discountValue: parseAmount(v.discountValue),
    productIds: v.productIds,
    userTypes: v.userTypes,
    validFrom: fromLocalInput(v.validFrom),
    validUntil: fromLocalInput(v.validUntil),
    maxUses: parseOptionalInt(v.maxUses),
    maxUsesPerUser: parseOptionalInt(v.maxUsesPerUser),
    active: v.active,
  };
}

const resolver = formResolver<CouponFormValues, typeof adminCouponInput>(
  adminCouponInput,
  toPayload,
  (path) => (path[0] === 'productIds' || path[0] === 'userTypes' ? [path[0]] : path),
);

export function CouponForm({
  coupon,
  events,
  onSubmit,
  serverError,
}: {
  coupon?: AdminCoupon;
  events: AdminEvent[];
  onSubmit: (payload: AdminCouponInput) => Promise<void>;
  serverError?: string;
}) {
  const { register, handleSubmit, formState, watch } = useForm<CouponFormValues>({
    defaultValues: toForm(coupon),
    resolver,
  });
  const errors = formState.errors;
  const type = watch('discountType');
  const submit = handleSubmit((values) => onSubmit(toPayload(values)));

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {serverError && (
        <Alert tone="error" title="No se guardó el cupón" live>
          {serverError}
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Descuento</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Código"
            required
            autoCapitalize="characters"
            className="font-mono uppercase"
            hint="Lo que el cliente escribe al pagar; no distingue mayúsculas."
            error={errors.code?.message}
            {...register('code')}
          />
          <TextField
            label="Descripción (interna)"
            error={errors.description?.message}
            {...register('description')}
          />
          <fieldset>
            <legend className="text-sm font-medium text-ink">Tipo de descuento</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value="percent"
                  className="h-5 w-5 accent-brand-700"
                  {...register('discountType')}
                />
                Porcentaje
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value="fixed"
                  className="h-5 w-5 accent-brand-700"
                  {...register('discountType')}
                />
                Monto fijo (MXN$)
              </label>
            </div>
          </fieldset>
          <TextField
            label={type === 'percent' ? 'Porcentaje (1 a 100)' : 'Monto (pesos)'}
            required
            inputMode="decimal"
            error={errors.discountValue?.message}
            {...register('discountValue')}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>A quién y a qué aplica</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <fieldset>
            <legend className="text-sm font-medium text-ink">Eventos</legend>
            <p className="text-sm text-slate-600">Sin ninguno marcado, aplica a toda la orden.</p>
            <div className="mt-2 max-h-72 space-y-2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3">
              {eventsForPicker(events).map((e) => (
                <Checkbox key={e._id} value={e._id} label={eventOptionLabel(e)} {...register('productIds')} />
              ))}
            </div>
            <FieldError>{(errors.productIds as { message?: string } | undefined)?.message}</FieldError>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium text-ink">Tipos de usuario</legend>
            <p className="text-sm text-slate-600">Sin ninguno marcado, aplica a cualquier cuenta.</p>
            <div className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-3">
              {USER_TYPES.map((t) => (
                <Checkbox key={t} value={t} label={USER_TYPE_LABELS[t]} {...register('userTypes')} />
              ))}
            </div>
            <FieldError>{(errors.userTypes as { message?: string } | undefined)?.message}</FieldError>
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Vigencia y límites</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Válido desde"
            type="datetime-local"
            hint={`Vacío: desde ya. En ${MX_TIME_ZONE_LABEL}.`}
            error={errors.validFrom?.message}
            {...register('validFrom')}
          />
          <TextField
            label="Válido hasta"
            type="datetime-local"
            hint={`Vacío: sin vencimiento. En ${MX_TIME_ZONE_LABEL}.`}
            error={errors.validUntil?.message}
            {...register('validUntil')}
          />
          <TextField
            label="Usos en total"
            inputMode="numeric"
            placeholder="Sin límite"
            hint={
              coupon ? `Usado ${coupon.usedCount} ${coupon.usedCount === 1 ? 'vez' : 'veces'}.` : undefined
            }
            error={errors.maxUses?.message}
            {...register('maxUses')}
          />
          <TextField
            label="Usos por persona"
            inputMode="numeric"
            placeholder="Sin límite"
            error={errors.maxUsesPerUser?.message}
            {...register('maxUsesPerUser')}
          />
          <Checkbox
            label="Activo (se acepta en la tienda)"
            containerClassName="sm:col-span-2"
            {...register('active')}
          />
        </CardContent>
      </Card>

      <div className="sticky bottom-0 -mx-4 flex justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <Button type="submit" loading={formState.isSubmitting}>
          {coupon ? 'Guardar cupón' : 'Crear cupón'}
        </Button>
      </div>
    </form>
  );
}
