// The "nothing here yet" panel, in a dashed frame the size of the content it stands for. On
// store pages (cart, my products) it carries an icon, what is missing, a hint and the ways
// on; in the back office's lists (`variant="panel"`) just the sentence, on a white card.
import type { ComponentType, ReactNode } from 'react';
import { cn } from './cn';

export interface EmptyStateProps {
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links, centred under the text. */
  actions?: ReactNode;
  variant?: 'page' | 'panel';
  className?: string;
}

export function EmptyState({
  icon: Icon,
  title,
  children,
  actions,
  variant = 'page',
  className,
}: EmptyStateProps) {
  const panel = variant === 'panel';
  return (
    <div
      className={cn(
        'rounded-xl border border-dashed border-slate-300 text-center',
        panel ? 'bg-white p-8' : 'mt-8 px-6 py-14',
        className,
      )}
    >
      {Icon && <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />}
      {title && <p className={cn('font-semibold', Icon && 'mt-3')}>{title}</p>}
      {children && (
        <p className={cn('text-slate-600', panel ? '' : 'text-sm', title ? 'mt-1' : '')}>{children}</p>
      )}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
