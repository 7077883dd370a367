// «Formas de pago» (/admin/pagos): the ways to pay besides PayPal, each in its card with its
// switch, what it needs and whether it is ready (Stripe's secret key, the webhook's secret; the
// webhook address to paste in Stripe's dashboard and the events to select), and its days. A way
// that is not ready cannot be switched on (the server refuses it too, with its message).
import { useId, useState, type ReactNode } from 'react';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import {
  OXXO_MAX_CENTAVOS,
  OXXO_MAX_DAYS,
  OXXO_MIN_DAYS,
  SPEI_MAX_DAYS,
  SPEI_MIN_DAYS,
} from '@store/shared/domain/mx-payments';
import type { PaymentSettings, PaymentSettingsResponse } from '@store/shared/schemas/mx-payments';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { CopyButton } from '../../../../components/ui/copy-button';
import { Label, Select } from '../../../../components/ui/input';
import { Switch } from '../../../../components/ui/switch';
import { toPesos } from '@store/shared/domain/money';
import { money } from '../../../../lib/admin/format';

const daysText = (n: number) => (n === 1 ? '1 día' : `${n} días`);

type Readiness = PaymentSettingsResponse['readiness'];
type MethodReadiness = Readiness['card'];

export interface PaymentSettingsFormProps {
  data: PaymentSettingsResponse;
  saving: boolean;
  /** Saves; answers the server's message, or throws its refusal. */
  onSave: (settings: PaymentSettings) => Promise<string>;
}

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

export function PaymentSettingsForm({ data, saving, onSave }: PaymentSettingsFormProps) {
  const [draft, setDraft] = useState<PaymentSettings>(data.settings);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { readiness } = data;
  const set = (next: PaymentSettings) => {
    setDraft(next);
    setResult(null);
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft).then(
          (text) => setResult({ tone: 'success', text }),
          (err: unknown) =>
            setResult({ tone: 'error', text: err instanceof Error ? err.message : 'No se pudo guardar' }),
        );
      }}
    >
      <StripeCard readiness={readiness} />

      <MethodCard
        title="Tarjeta con meses sin intereses"
        description="El comprador paga con Visa, Mastercard o American Express en la página segura de Stripe; con tarjetas de crédito mexicanas participantes puede elegir 3, 6, 9 o 12 meses sin intereses cuando el total alcanza (cada mensualidad de al menos MXN$100)."
        needs="Necesita la clave secreta de Stripe y el secreto del webhook."
        readiness={readiness.card}
        enabled={draft.card.enabled}
        onEnabled={(enabled) => set({ ...draft, card: { ...draft.card, enabled } })}
        switchLabel="Aceptar tarjeta"
      >
        <Switch
          label="Ofrecer meses sin intereses"
          checked={draft.card.msi}
          disabled={!draft.card.enabled}
          onChange={(msi) => set({ ...draft, card: { ...draft.card, msi } })}
        />
      </MethodCard>

      <MethodCard
        title="Efectivo en OXXO"
        description={`El comprador recibe una ficha con código de barras y paga en efectivo en cualquier OXXO, hasta ${money(toPesos(OXXO_MAX_CENTAVOS))} por pago. Su lugar queda apartado hasta que vence la ficha; OXXO confirma el pago a más tardar el siguiente día hábil.`}
        needs="Necesita la clave secreta de Stripe, el secreto del webhook y OXXO activado en la cuenta de Stripe."
        readiness={readiness.oxxo}
        enabled={draft.oxxo.enabled}
        onEnabled={(enabled) => set({ ...draft, oxxo: { ...draft.oxxo, enabled } })}
        switchLabel="Aceptar efectivo en OXXO"
      >
        <DaysField
          label="La ficha vence a los"
          hint="A las 23:59 (hora de la Ciudad de México) del último día."
          value={draft.oxxo.expiresAfterDays}
          options={range(OXXO_MIN_DAYS, OXXO_MAX_DAYS)}
          onChange={(expiresAfterDays) => set({ ...draft, oxxo: { ...draft.oxxo, expiresAfterDays } })}
        />
      </MethodCard>

      <MethodCard
        title="Transferencia SPEI"
        description="El comprador recibe una CLABE para transferir desde su banca en línea (ideal para hospitales e instituciones). Las transferencias se concilian solas, también las parciales."
        needs="Necesita la clave secreta de Stripe, el secreto del webhook y transferencias bancarias activadas en la cuenta de Stripe."
        readiness={readiness.spei}
        enabled={draft.spei.enabled}
        onEnabled={(enabled) => set({ ...draft, spei: { ...draft.spei, enabled } })}
        switchLabel="Aceptar transferencias SPEI"
      >
        <DaysField
          label="Apartar el lugar durante"
          hint="Días naturales para que llegue la transferencia."
          value={draft.spei.holdDays}
          options={range(SPEI_MIN_DAYS, SPEI_MAX_DAYS)}
          onChange={(holdDays) => set({ ...draft, spei: { ...draft.spei, holdDays } })}
        />
      </MethodCard>

      <p className="text-sm text-slate-600">
        Las fichas OXXO y los datos de transferencia que ya se emitieron siguen siendo válidos hasta su
        vencimiento aunque desactives la forma de pago: si llega el pago, la compra se confirma.
      </p>

      {result && (
        <Alert tone={result.tone} live>
          {result.text}
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          Guardar
        </Button>
      </div>
    </form>
  );
}

function ReadyBadge({ ready }: { ready: boolean }) {
  return ready ? (
    <Badge tone="success">
      <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" /> Lista
    </Badge>
  ) : (
    <Badge tone="warning">
      <CircleAlert aria-hidden="true" className="h-3.5 w-3.5" /> Falta configurar
    </Badge>
  );
}

function MethodCard({
  title,
  description,
  needs,
  readiness,
  enabled,
  onEnabled,
  switchLabel,
  children,
}: {
  title: string;
  description: string;
  needs: string;
  readiness: MethodReadiness;
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  switchLabel: string;
  children: ReactNode;
}) {
  const id = useId();
  // A way not ready cannot be turned on; one on while it lost its readiness can be turned off.
  const locked = !readiness.ready && !enabled;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle>{title}</CardTitle>
          <CardDescription className="mt-1 max-w-2xl">{description}</CardDescription>
        </div>
        <ReadyBadge ready={readiness.ready} />
      </CardHeader>
      <CardContent className="space-y-4">
        <div id={`${id}-needs`} className="text-sm text-slate-700">
          <p>{needs}</p>
          {!readiness.ready && readiness.missing.length > 0 && (
            <ul
              aria-label={`Qué falta para ${title}`}
              className="mt-2 list-disc space-y-0.5 pl-5 text-amber-900"
            >
              {readiness.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          {locked && (
            <p className="mt-2 font-medium text-amber-900">No se puede activar hasta que esté lista.</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-8 gap-y-2">
          <Switch
            label={switchLabel}
            checked={enabled}
            disabled={locked}
            describedBy={`${id}-needs`}
            onChange={onEnabled}
          />
          {children}
        </div>
      </CardContent>
    </Card>
  );
}

function DaysField({
  label,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  hint: string;
  value: number;
  options: number[];
  onChange: (days: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="w-32">
          <Select
            id={id}
            value={value}
            onChange={(e) => onChange(Number(e.target.value))}
            aria-describedby={`${id}-hint`}
          >
            {options.map((d) => (
              <option key={d} value={d}>
                {daysText(d)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}

function StripeCard({ readiness }: { readiness: Readiness }) {
  const keys: { label: string; env: string; ok: boolean }[] = [
    { label: 'Clave secreta de Stripe', env: 'STRIPE_SECRET_KEY', ok: readiness.stripeSecretKey },
    { label: 'Secreto del webhook', env: 'STRIPE_WEBHOOK_SECRET', ok: readiness.webhookSecret },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Conexión con Stripe</CardTitle>
        <CardDescription className="max-w-3xl">
          Las tres formas de pago pasan por Stripe. Las claves se configuran en el servidor (variables de
          entorno); aquí solo se ve si están.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul aria-label="Claves de Stripe" className="grid gap-2 sm:grid-cols-2">
          {keys.map((k) => (
            <li key={k.env} className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm">
              {k.ok ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
              ) : (
                <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
              )}
              <span className="min-w-0">
                <span className="block font-medium">{k.label}</span>
                <span className="block text-slate-600">
                  <code className="font-mono text-xs break-all">{k.env}</code> ·{' '}
                  {k.ok ? 'configurada' : 'falta en el servidor'}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <div>
          <h3 className="text-sm font-semibold">Webhook</h3>
          <p className="mt-1 text-sm text-slate-700">
            En el panel de Stripe (Desarrolladores → Webhooks) agrega un endpoint con esta dirección y elige
            los eventos de abajo; su secreto de firma va en{' '}
            <code className="font-mono text-xs">STRIPE_WEBHOOK_SECRET</code>.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all">
              {readiness.webhookUrl}
            </code>
            <CopyButton value={readiness.webhookUrl} what="la dirección del webhook" />
          </div>
          <p className="mt-3 text-sm font-medium">Eventos que debes seleccionar</p>
          <ul aria-label="Eventos del webhook" className="mt-1 flex flex-wrap gap-2">
            {readiness.webhookEvents.map((e) => (
              <li key={e}>
                <code className="rounded-md bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800">
                  {e}
                </code>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
