// /admin/attendance: for one event, the minutes each person watched and the door check-ins
// per day with why each counts or not (and its correction), the share of a day that counts
// online, automatic issue and the council's report, the constancias (batch issue with progress,
// revoke with a reason, reissue), and the evaluation the event asks before its constancia.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ScanLine } from 'lucide-react';
import { ButtonLink, Button } from '../../../components/ui/button';
import { Input, Label, SelectField } from '../../../components/ui/input';
import { EmptyState } from '../../../components/ui/empty-state';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { QueryState } from '../../../components/admin/query-state';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { dayVerdictText } from '@store/shared/attendance-messages';
import type { AdminAttendancePerson } from '@store/shared/schemas/admin/attendance';
import {
  useAdminAttendance,
  useConstanciaAction,
  useCorrectAttendance,
  useSetAttendancePercent,
} from '../../../features/admin/attendance/api/admin-attendance';
import { ConstanciaAutopilot } from '../../../features/admin/attendance/components/constancia-autopilot';
import { ReasonDialog } from '../../../components/admin/reason-dialog';
import { AdminAttendanceTable } from '../../../features/admin/attendance/components/admin-attendance-table';
import { ConstanciaBatch } from '../../../features/admin/attendance/components/constancia-batch';
import { EvaluationEditor } from '../../../features/admin/attendance/components/evaluation-editor';
import { ConstanciaSignatures } from '../../../features/admin/signatures/components/constancia-signatures';
import { errorMessage, notify } from '../../../lib/notify';
import { eventOptionLabel, eventsForPicker } from '../../../lib/admin/event-options';

export function Component() {
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const events = useAdminEvents();
  const report = useAdminAttendance(productId);
  const action = useConstanciaAction();
  const correct = useCorrectAttendance();
  const [busyFolio, setBusyFolio] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ person: AdminAttendancePerson; folio: string } | null>(null);
  const [correcting, setCorrecting] = useState<{
    person: AdminAttendancePerson;
    productDayId: string;
  } | null>(null);

  const act = (folio: string, kind: 'revoke' | 'reissue', note?: string) => {
    setBusyFolio(folio);
    action.mutate(
      { folio, action: kind, note },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          setRevoking(null);
        },
        onError: (err) => notify.error(errorMessage(err, 'No se pudo completar la acción')),
        onSettled: () => setBusyFolio(null),
      },
    );
  };
  const correctedDay = correcting?.person.days.find((d) => d.productDayId === correcting.productDayId);
  const correctedLabel = report.data?.days.find((d) => d._id === correcting?.productDayId)?.label ?? '';

  return (
    <>
      <AdminPageHeader
        title="Asistencia y constancias"
        description="Minutos en línea y registros en la sede por persona y día; emisión de constancias."
        actions={
          <ButtonLink to="/admin/checkin" variant="secondary">
            <ScanLine aria-hidden="true" className="h-4 w-4" /> Registro en la sede
          </ButtonLink>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SelectField
          label="Evento"
          value={productId}
          onChange={(e) => setParams(e.target.value ? { productId: e.target.value } : {}, { replace: true })}
        >
          <option value="">Elige un evento</option>
          {eventsForPicker(events.data ?? []).map((e) => (
            <option key={e._id} value={e._id}>
              {eventOptionLabel(e)}
            </option>
          ))}
        </SelectField>
        {report.data && (
          <PercentForm key={productId} productId={productId} percent={report.data.event.attendancePercent} />
        )}
      </div>
      {!productId ? (
        <EmptyState variant="panel">Elige un evento para ver su asistencia.</EmptyState>
      ) : (
        <QueryState
          query={report}
          loadingLabel="Cargando asistencia…"
          isEmpty={(r) => r.people.length === 0}
          empty="Nadie tiene pagado un día de este evento."
        >
          {(r) => (
            <div className="space-y-4">
              <ConstanciaAutopilot
                productId={productId}
                auto={r.event.autoConstancias}
                autoFrom={r.event.autoFrom}
              />
              <ConstanciaBatch productId={productId} people={r.people} onDone={() => void report.refetch()} />
              <AdminAttendanceTable
                report={r}
                busyFolio={busyFolio}
                onRevoke={(person, folio) => setRevoking({ person, folio })}
                onReissue={(_p, folio) => act(folio, 'reissue')}
                onCorrect={(person, productDayId) => setCorrecting({ person, productDayId })}
              />
            </div>
          )}
        </QueryState>
      )}
      {productId && report.data ? (
        <div className="mt-6">
          <EvaluationEditor productId={productId} />
        </div>
      ) : null}
      <ReasonDialog
        key={revoking?.folio ?? 'revoke'}
        open={revoking !== null}
        title="Revocar la constancia"
        description={
          revoking
            ? `Folio ${revoking.folio} de ${revoking.person.certificateName ?? revoking.person.name}. Su página de verificación dirá que fue revocada y la persona recibirá el motivo por correo. No se volverá a emitir sola.`
            : undefined
        }
        confirm="Revocar"
        tone="danger"
        validate={(t) => (t.length < 3 || t.length > 300 ? ADMIN_MSG.constanciaRevokeNoteInvalid : undefined)}
        busy={action.isPending}
        onConfirm={(note) => revoking && act(revoking.folio, 'revoke', note)}
        onClose={() => setRevoking(null)}
      />
      <ReasonDialog<'cuenta' | 'no_cuenta' | 'quitar'>
        key={correcting ? `${correcting.person.userId}:${correcting.productDayId}` : 'correct'}
        open={correcting !== null}
        title={`Corregir la asistencia · ${correctedLabel}`}
        description={
          correcting && correctedDay
            ? `${correcting.person.certificateName ?? correcting.person.name}: ${dayVerdictText(correctedDay.verdict, { note: correctedDay.correction?.reason })}. Si se retira un día que su constancia acredita, la constancia se revoca y se emite otra si aún cumple.`
            : undefined
        }
        choices={[
          { value: 'cuenta', label: 'Cuenta (asistió)' },
          { value: 'no_cuenta', label: 'No cuenta (retirar la asistencia)' },
          ...(correctedDay?.correction
            ? [{ value: 'quitar' as const, label: 'Quitar la corrección (contar lo registrado)' }]
            : []),
        ]}
        initialChoice={correctedDay?.verdict.counts ? 'no_cuenta' : 'cuenta'}
        confirm="Guardar corrección"
        validate={(t) =>
          t.length < 3 || t.length > 300 ? ADMIN_MSG.attendanceCorrectionReasonInvalid : undefined
        }
        busy={correct.isPending}
        onConfirm={(reason, choice) => {
          if (!correcting) return;
          correct.mutate(
            {
              productId,
              userId: correcting.person.userId,
              productDayId: correcting.productDayId,
              counts: choice === 'quitar' ? null : choice === 'cuenta',
              reason,
            },
            {
              onSuccess: (res) => {
                notify.success(res.message ?? 'Guardado');
                setCorrecting(null);
              },
              onError: (err) => notify.error(errorMessage(err, 'No se pudo guardar la corrección')),
            },
          );
        }}
        onClose={() => setCorrecting(null)}
      />
      {/* The association's default set: whatever event is chosen above. */}
      <div className="mt-6">
        <ConstanciaSignatures productId={null} />
      </div>
    </>
  );
}

function PercentForm({ productId, percent }: { productId: string; percent: number }) {
  const [value, setValue] = useState(String(percent));
  const save = useSetAttendancePercent();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { productId, percent: Number(value) },
      {
        onSuccess: (res) => notify.success(res.message ?? 'Guardado'),
        onError: (err) => notify.error(errorMessage(err, 'No se pudo guardar')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Label htmlFor="attendance-percent">Asistencia mínima en línea (% de cada día)</Label>
        <Input
          id="attendance-percent"
          className="mt-1"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Guardar
      </Button>
    </form>
  );
}
