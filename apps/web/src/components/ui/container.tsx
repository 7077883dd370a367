// Page-width container: the one horizontal rhythm of every page.
import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Container({ className, narrow, ...props }: ComponentProps<'div'> & { narrow?: boolean }) {
  return (
    <div
      className={cn('mx-auto w-full px-4 sm:px-6 lg:px-8', narrow ? 'max-w-3xl' : 'max-w-7xl', className)}
      {...props}
    />
  );
}
