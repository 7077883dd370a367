// The back-office changes made to one order (who, when, what), from the audit log.
import { AUDIT_SYSTEM_ACTOR } from '@store/shared/schemas/admin/audit';
import type { AdminOrderDetail } from '@store/shared/schemas/admin/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { auditActionLabel, auditSummary } from '../../../../lib/admin/audit';
import { formatDateTime } from '@store/shared/domain/time';

export function OrderHistoryCard({ history }: { history: AdminOrderDetail['history'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Historial</CardTitle>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">Sin cambios desde la administración.</p>
        ) : (
          <ol className="space-y-3 text-sm">
            {history.map((h) => (
              <li key={h._id}>
                <p className="font-medium text-ink">{auditActionLabel(h.action)}</p>
                <p className="text-slate-600">{auditSummary(h)}</p>
                <p className="text-xs text-slate-500">
                  {formatDateTime(h.date)} · {h.actor?.email ?? AUDIT_SYSTEM_ACTOR}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
