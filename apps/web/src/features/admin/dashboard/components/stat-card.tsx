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
    // On a phone the icon sits above the figure, which then has the card's whole width.
    <Card className="flex flex-col items-start gap-2 p-4 sm:flex-row sm:gap-3">
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        {/* Never cut: on a phone a long amount wraps rather than end in «…». */}
        <p className="mt-0.5 text-lg font-bold break-words text-ink tabular-nums sm:text-xl">{value}</p>
        {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
      </div>
    </Card>
  );
}
