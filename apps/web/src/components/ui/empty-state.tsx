// The "nothing here yet" panel of list pages (cart, my products): an icon, what is missing,
// a hint and the ways on, in a dashed frame the size of the content it stands for.
import type { ComponentType, ReactNode } from 'react';
import { cn } from './cn';

export interface EmptyStateProps {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons or links, centred under the text. */
  actions?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, children, actions, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'mt-8 rounded-xl border border-dashed border-slate-300 px-6 py-14 text-center',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
      <p className="mt-3 font-semibold">{title}</p>
      {children && <p className="mt-1 text-sm text-slate-600">{children}</p>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
