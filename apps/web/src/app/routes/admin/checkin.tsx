// /admin/checkin: the door of an in-person event, on a phone: scan the ticket's QR (or read a
// photo of it), or find the person by name or cédula. One check-in per person and day; a
// second scan answers "ya registrado" with the time; a lost connection is retried without
// counting twice (the server records the first check-in only).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '@store/shared/messages';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { EventDayPicker } from '../../../components/admin/event-day-picker';
import { useCheckIn } from '../../../features/admin/attendance/api/admin-attendance';
import {
  CheckinResult,
  type CheckinOutcome,
} from '../../../features/admin/attendance/components/checkin-result';
import { CheckinSearch } from '../../../features/admin/attendance/components/checkin-search';
import { TicketScanner } from '../../../features/admin/attendance/components/ticket-scanner';
import { errorMessage } from '../../../lib/notify';

export function Component() {
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const productDayId = params.get('productDayId') ?? '';
  const events = useAdminEvents();
  const checkIn = useCheckIn();
  const [outcome, setOutcome] = useState<CheckinOutcome | null>(null);
  const [pendingUserId, setPendingUserId] = useState<string | null>(null);

  const submit = (body: Parameters<typeof checkIn.mutate>[0]) =>
    checkIn.mutate(body, {
      onSuccess: (result) => setOutcome({ ok: true, result }),
      onError: (err) => setOutcome({ ok: false, message: errorMessage(err, MSG.ticketInvalid) }),
      onSettled: () => setPendingUserId(null),
    });

  return (
    <>
      <AdminPageHeader
        title="Registro en la sede"
        description="Escanea el boleto de cada persona o búscala por nombre o cédula."
      />
      <div className="mx-auto max-w-xl space-y-5">
        <div className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <EventDayPicker
            events={(events.data ?? []).filter((e) => e.isPresential)}
            productId={productId}
            productDayId={productDayId}
            eventPlaceholder="Elige un evento presencial"
            onChange={(v) => {
              const next = new URLSearchParams();
              if (v.productId) next.set('productId', v.productId);
              if (v.productDayId) next.set('productDayId', v.productDayId);
              setParams(next, { replace: true });
            }}
          />
        </div>
        {outcome && <CheckinResult outcome={outcome} />}
        {productDayId ? (
          <>
            <section aria-labelledby="scan-title" className="space-y-3">
              <h2 id="scan-title" className="text-lg font-semibold">
                Boleto
              </h2>
              <TicketScanner disabled={checkIn.isPending} onCode={(code) => submit({ code, productDayId })} />
            </section>
            <section aria-labelledby="search-title" className="space-y-3">
              <h2 id="search-title" className="text-lg font-semibold">
                Sin boleto
              </h2>
              <CheckinSearch
                productDayId={productDayId}
                pendingUserId={pendingUserId}
                onCheckIn={(userId) => {
                  setPendingUserId(userId);
                  submit({ userId, productDayId });
                }}
              />
            </section>
          </>
        ) : (
          <p className="text-sm text-slate-600">Elige el evento y el día que estás registrando.</p>
        )}
      </div>
    </>
  );
}
