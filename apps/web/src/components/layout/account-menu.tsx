// The signed-in account menu (docs/product.md → Header and footer): Mis Productos, Mi cuenta,
// Cerrar Sesión, plus Administración for an admin (isAdmin comes from the profile's role, read
// in app/store-shell.tsx; the server checks the role again on every admin call).
// A disclosure button: Escape or a click outside closes it and focus returns to the button.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LayoutDashboard, LogOut, Package, UserRound } from 'lucide-react';
import { cn } from '../ui/cn';

export function AccountMenu({ isAdmin, onLogout }: { isAdmin: boolean; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItemRef.current?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close(true);
        }
      }}
      onBlur={(e) => {
        // Tabbing out of the menu closes it.
        if (open && !rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-10 items-center gap-1 rounded-lg px-2 text-ink hover:bg-slate-100 sm:h-11"
      >
        <UserRound aria-hidden="true" className="h-5 w-5" />
        <span className="sr-only sm:not-sr-only sm:text-sm sm:font-semibold">Mi cuenta</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('hidden h-4 w-4 transition-transform sm:block', open && 'rotate-180')}
        />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <ul className="flex flex-col">
          <li>
            <Link
              ref={firstItemRef}
              to="/orders"
              onClick={() => close(false)}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-ink hover:bg-slate-100"
            >
              <Package aria-hidden="true" className="h-4 w-4 text-brand-700" />
              Mis Productos
            </Link>
          </li>
          <li>
            <Link
              to="/account"
              onClick={() => close(false)}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-ink hover:bg-slate-100"
            >
              <UserRound aria-hidden="true" className="h-4 w-4 text-brand-700" />
              Mi cuenta
            </Link>
          </li>
          {isAdmin && (
            <li>
              <Link
                to="/admin"
                onClick={() => close(false)}
                className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-ink hover:bg-slate-100"
              >
                <LayoutDashboard aria-hidden="true" className="h-4 w-4 text-brand-700" />
                Administración
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-ink hover:bg-slate-100"
            >
              <LogOut aria-hidden="true" className="h-4 w-4 text-brand-700" />
              Cerrar Sesión
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
