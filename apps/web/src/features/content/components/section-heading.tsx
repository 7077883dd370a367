// The heading of a section inside a content page: an h2 with the red accent rule.
import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';

export function SectionHeading({
  id,
  eyebrow,
  children,
  lead,
  className,
  align = 'left',
}: {
  id: string;
  eyebrow?: string;
  children: ReactNode;
  lead?: ReactNode;
  className?: string;
  align?: 'left' | 'center';
}) {
  return (
    <div className={cn(align === 'center' && 'text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {children}
      </h2>
      <span
        aria-hidden="true"
        className={cn('mt-3 block h-1 w-12 rounded-full bg-brand-600', align === 'center' && 'mx-auto')}
      />
      {lead && <p className="mt-4 max-w-3xl text-slate-700">{lead}</p>}
    </div>
  );
}
