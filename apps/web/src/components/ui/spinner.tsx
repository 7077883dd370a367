// Loading indicator with a text for screen readers.
import { cn } from './cn';

export function Spinner({ label = 'Cargando…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-3 py-8 text-slate-600', className)}
    >
      <span
        aria-hidden="true"
        className="h-6 w-6 rounded-full border-2 border-brand-600 border-r-transparent motion-safe:animate-spin"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}
