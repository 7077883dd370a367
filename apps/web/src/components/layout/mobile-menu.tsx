// The mobile navigation drawer (docs/product.md → Header and footer: also lists Talleres). A native modal <dialog>: the
// page behind is inert, Escape closes it, focus returns to the menu button; the header closes
// it when the route changes. An admin also gets Administración among the account items.
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { LayoutDashboard, LogIn, LogOut, Package, UserRound, X } from 'lucide-react';
import { cn } from '../ui/cn';
import { Logo } from './logo';
import { MOBILE_NAV_LINKS } from './nav-links';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** null while the app does not know yet (the server's HTML and its hydration): a neutral slot. */
  isLoggedIn: boolean | null;
  isAdmin: boolean;
  onLogout: () => void;
  id: string;
}

export function MobileMenu({ open, onClose, isLoggedIn, isAdmin, onLogout, id }: MobileMenuProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const itemClass = 'flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium';

  return (
    <dialog
      ref={ref}
      id={id}
      aria-label="Menú"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className="m-0 ml-auto h-dvh max-h-dvh w-[min(22rem,88vw)] max-w-none bg-white p-0 text-ink shadow-2xl backdrop:bg-slate-950/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <Logo />
          <button
            type="button"
            onClick={onClose}
            aria-label="Cerrar menú"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink hover:bg-slate-100"
          >
            <X aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
        <nav aria-label="Menú móvil" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {MOBILE_NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.to === '/'}
                  onClick={onClose}
                  className={({ isActive }) =>
                    cn(itemClass, isActive ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-slate-100')
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 px-3 py-4">
          {isLoggedIn === null ? (
            <span aria-hidden="true" className="block h-12 rounded-lg bg-slate-100" />
          ) : isLoggedIn ? (
            <ul className="flex flex-col gap-1">
              <li>
                <Link to="/orders" onClick={onClose} className={cn(itemClass, 'hover:bg-slate-100')}>
                  <Package aria-hidden="true" className="h-5 w-5 text-brand-700" />
                  Mis Productos
                </Link>
              </li>
              <li>
                <Link to="/account" onClick={onClose} className={cn(itemClass, 'hover:bg-slate-100')}>
                  <UserRound aria-hidden="true" className="h-5 w-5 text-brand-700" />
                  Mi cuenta
                </Link>
              </li>
              {isAdmin && (
                <li>
                  <Link to="/admin" onClick={onClose} className={cn(itemClass, 'hover:bg-slate-100')}>
                    <LayoutDashboard aria-hidden="true" className="h-5 w-5 text-brand-700" />
                    Administración
                  </Link>
                </li>
              )}
              <li>
                <button
                  type="button"
                  onClick={() => {
                    onClose();
                    onLogout();
                  }}
                  className={cn(itemClass, 'w-full text-left hover:bg-slate-100')}
                >
                  <LogOut aria-hidden="true" className="h-5 w-5 text-brand-700" />
                  Cerrar Sesión
                </button>
              </li>
            </ul>
          ) : (
            <Link
              to="/login"
              onClick={onClose}
              className="flex h-12 items-center justify-center gap-2 rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800"
            >
              <LogIn aria-hidden="true" className="h-5 w-5" />
              Acceder
            </Link>
          )}
        </div>
      </div>
    </dialog>
  );
}
