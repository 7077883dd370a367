// Loading placeholder; hidden from assistive technology (announce loading with text elsewhere).
import { cn } from './cn';

export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('rounded-md bg-slate-200 motion-safe:animate-pulse', className)} />
  );
}
