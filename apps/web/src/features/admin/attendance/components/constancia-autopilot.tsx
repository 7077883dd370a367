// The event's constancias without staff: the switch of automatic issue (on by default; the job
// issues and e-mails them once the last day's attendance window closes) and the report the
// endorsing council asks for, as CSV or XLSX.
import { useState } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { formatDateTime } from '@store/shared/domain/time';
import { Button } from '../../../../components/ui/button';
import { Switch } from '../../../../components/ui/switch';
import { errorMessage, notify } from '../../../../lib/notify';
import { downloadCouncilReport, useAutoConstancias } from '../api/admin-attendance';

export function ConstanciaAutopilot({
  productId,
  auto,
  autoFrom,
}: {
  productId: string;
  auto: boolean;
  autoFrom: number | null;
}) {
  const toggle = useAutoConstancias();
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const closed = autoFrom !== null && autoFrom <= Date.now();
  const download = (format: 'csv' | 'xlsx') => {
    setDownloading(format);
    downloadCouncilReport(productId, format)
      .then((name) => notify.success(`Descargado: ${name}`))
      .catch((err: unknown) => notify.error(errorMessage(err, 'No se pudo descargar el informe')))
      .finally(() => setDownloading(null));
  };
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-2">
      <div>
        <Switch
          checked={auto}
          disabled={toggle.isPending}
          label="Emitir las constancias automáticamente"
          describedBy="auto-constancias-help"
          onChange={(next) =>
            toggle.mutate(
              { productId, auto: next },
              {
                onSuccess: (res) => notify.success(res.message ?? 'Guardado'),
                onError: (err) => notify.error(errorMessage(err, 'No se pudo guardar')),
              },
            )
          }
        />
        <p id="auto-constancias-help" className="mt-1 text-sm text-slate-600">
          {auto
            ? autoFrom === null
              ? 'Se emiten y se envían por correo solas al cerrar el último día.'
              : closed
                ? 'Quien cumple recibe su constancia por correo en unos minutos, también quien apruebe la evaluación después.'
                : `Se emiten y se envían por correo solas a partir del ${formatDateTime(autoFrom)}.`
            : 'Apagado: solo se emiten con «Emitir constancias».'}
        </p>
      </div>
      <div>
        <p className="text-sm font-semibold">Informe para el consejo que avala</p>
        <p className="mt-1 text-sm text-slate-600">
          Nombre como en la constancia, cédula, especialidad, institución, horas, puntos, evaluación, folio y
          fecha, con los datos del aval.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={downloading === 'xlsx'}
            onClick={() => download('xlsx')}
          >
            <FileSpreadsheet aria-hidden="true" className="h-4 w-4" /> Descargar XLSX
          </Button>
          <Button size="sm" variant="ghost" loading={downloading === 'csv'} onClick={() => download('csv')}>
            Descargar CSV
          </Button>
        </div>
      </div>
    </div>
  );
}
