// A member's scholarships, from the members list: granted for every event or for one event
// (a becado member pays the event's scholarship price where its fees have one), revoked here.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GraduationCap, Trash2 } from 'lucide-react';
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Select } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage, notify } from '../../../../lib/notify';
import { eventsQueryOptions } from '../../../../lib/admin/get-events';
import { useGrantScholarship, useRevokeScholarship, useScholarships } from '../api/scholarships';
import { eventOptionLabel, eventsForPicker } from '../../../../lib/admin/event-options';

const EVERY_EVENT = 'todos';

export function ScholarshipsDialog({ member, onClose }: { member: AdminMember | null; onClose: () => void }) {
  const list = useScholarships(member?._id ?? null);
  // Loaded when the dialog opens, not with the members list.
  const events = useQuery({ ...eventsQueryOptions({ status: 'all' }), enabled: Boolean(member) });
  const grant = useGrantScholarship();
  const revoke = useRevokeScholarship();
  const [target, setTarget] = useState(EVERY_EVENT);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!member) return;
    grant.mutate(
      { memberId: member._id, productId: target === EVERY_EVENT ? null : target },
      {
        onSuccess: (res) => notify.success(res.message ?? 'Beca otorgada'),
        onError: (err) => notify.error(errorMessage(err, 'No se pudo otorgar la beca')),
      },
    );
  };

  return (
    <Dialog
      open={Boolean(member)}
      onClose={onClose}
      title="Becas"
      description={
        member
          ? `${member.name} (${member.email}). Con beca paga la cuota de becado del evento, cuando sus cuotas la tienen.`
          : undefined
      }
    >
      <div className="space-y-5">
        {list.isError ? (
          <Alert tone="error">{list.error.message}</Alert>
        ) : list.isPending ? (
          <Spinner label="Cargando becas…" />
        ) : list.data.scholarships.length === 0 ? (
          <p className="text-sm text-slate-600">No tiene becas.</p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label="Becas otorgadas"
          >
            {list.data.scholarships.map((s) => {
              const label = s.productName ?? 'Todos los eventos';
              return (
                <li key={s._id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span>{label}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Retirar la beca: ${label}`}
                    title="Retirar la beca"
                    disabled={revoke.isPending}
                    onClick={() =>
                      member &&
                      revoke.mutate(
                        { memberId: member._id, scholarshipId: s._id },
                        {
                          onSuccess: (res) => notify.success(res.message ?? 'Beca retirada'),
                          onError: (err) => notify.error(errorMessage(err, 'No se pudo retirar la beca')),
                        },
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <form onSubmit={submit} className="space-y-3">
          <Field label="Otorgar una beca para">
            {(control) => (
              <Select {...control} value={target} onChange={(e) => setTarget(e.target.value)}>
                <option value={EVERY_EVENT}>Todos los eventos</option>
                {eventsForPicker(events.data ?? []).map((ev) => (
                  <option key={ev._id} value={ev._id}>
                    {eventOptionLabel(ev)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cerrar
            </Button>
            <Button type="submit" loading={grant.isPending}>
              <GraduationCap aria-hidden="true" className="h-4 w-4" />
              Otorgar beca
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
