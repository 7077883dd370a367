// The top of an inner page: the page's single <h1>, an optional eyebrow and lead paragraph.
import type { ReactNode } from 'react';
import { Container } from './container';
import { cn } from './cn';

export interface PageHeaderProps {
  title: ReactNode;
  lead?: ReactNode;
  eyebrow?: ReactNode;
  /** Extra content under the lead (actions, badges). */
  children?: ReactNode;
  className?: string;
}

export function PageHeader({ title, lead, eyebrow, children, className }: PageHeaderProps) {
  return (
    <div className={cn('border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white', className)}>
      <Container className="py-10 sm:py-14">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{title}</h1>
        <span aria-hidden="true" className="mt-4 block h-1 w-16 rounded-full bg-brand-600" />
        {lead && <p className="mt-4 max-w-3xl text-lg text-pretty text-slate-700">{lead}</p>}
        {children && <div className="mt-6">{children}</div>}
      </Container>
    </div>
  );
}
