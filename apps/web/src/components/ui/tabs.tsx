// Accessible tabs (WAI-ARIA tabs pattern, automatic activation): arrows, Home and End move
// between tabs; only the selected tab is in the tab order; the panel follows in the tab order.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';

export interface TabItem {
  /** Stable value, also used in element ids. */
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  /** Accessible name of the tab list (e.g. "Días del curso"). */
  label: string;
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  listClassName?: string;
}

export function Tabs({
  label,
  items,
  value,
  defaultValue,
  onValueChange,
  className,
  listClassName,
}: TabsProps) {
  const baseId = useId();
  const [inner, setInner] = useState(defaultValue ?? items[0]?.value ?? '');
  const selected = value ?? inner;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (next: string) => {
    if (value === undefined) setInner(next);
    onValueChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    let target: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') target = index === last ? 0 : index + 1;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') target = index === 0 ? last : index - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    if (target === null) return;
    event.preventDefault();
    const item = items[target];
    if (!item) return;
    select(item.value);
    refs.current[target]?.focus();
  };

  const idOf = (v: string, part: 'tab' | 'panel') => `${baseId}-${part}-${v.replace(/\W+/g, '-')}`;

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className={cn(
          'flex max-w-full gap-1 overflow-x-auto rounded-xl border border-slate-200 bg-slate-100 p-1',
          listClassName,
        )}
      >
        {items.map((item, i) => {
          const isSelected = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={idOf(item.value, 'tab')}
              aria-selected={isSelected}
              aria-controls={idOf(item.value, 'panel')}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(item.value)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={cn(
                'min-h-11 flex-1 rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
                isSelected
                  ? 'bg-white text-brand-800 shadow-sm'
                  : 'text-slate-700 hover:bg-white/60 hover:text-ink',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.value}
          role="tabpanel"
          id={idOf(item.value, 'panel')}
          aria-labelledby={idOf(item.value, 'tab')}
          hidden={item.value !== selected}
          tabIndex={0}
          className="mt-6 rounded-lg"
        >
          {item.value === selected && item.content}
        </div>
      ))}
    </div>
  );
}
