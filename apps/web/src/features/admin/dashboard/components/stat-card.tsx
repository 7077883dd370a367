// One headline figure of the dashboard.
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../../components/ui/card';

export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  hint?: string;
}) {
  return (
    <Card className="flex items-start gap-3 p-4">
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="mt-0.5 truncate text-xl font-bold text-ink tabular-nums">{value}</p>
        {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
      </div>
    </Card>
  );
}
