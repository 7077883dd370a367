// The association's mark (a heart with a heartbeat trace) and its wordmark, drawn inline so
// it is sharp at any size and needs no request.
import { site } from '../../config/site';
import { cn } from '../ui/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('h-9 w-9 shrink-0', className)}
    >
      <rect width="32" height="32" rx="7" fill="#9f1d2b" />
      <path
        d="M16 26.5C8 21 4.2 16.4 5.2 11.6 6.2 6.9 12.2 5.5 16 10c3.8-4.5 9.8-3.1 10.8 1.6 1 4.8-2.8 9.4-10.8 14.9Z"
        fill="#fff"
      />
      <path
        d="M7.2 15.6h5.1l1.6-3.4 2.6 7.3 2.3-5.8 1.2 1.9h4.9"
        fill="none"
        stroke="#9f1d2b"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark + short name + descriptor. `tone="light"` for dark backgrounds; `compact` hides the
 * descriptor on phones, where the header has no room for it. */
export function Logo({
  tone = 'dark',
  compact,
  className,
}: {
  tone?: 'dark' | 'light';
  compact?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span
          className={cn('text-lg font-extrabold tracking-wider', tone === 'dark' ? 'text-ink' : 'text-white')}
        >
          {site.shortName}
        </span>
        <span
          className={cn(
            'mt-1 text-[0.65rem] font-semibold tracking-[0.12em] uppercase',
            compact && 'hidden sm:block',
            tone === 'dark' ? 'text-brand-700' : 'text-brand-200',
          )}
        >
          {site.descriptor}
        </span>
      </span>
    </span>
  );
}
