// The back office frame: a sidebar of its own (not the store's header), collapsing into a
// menu button on small screens, with the signed-in admin and a way back to the store.
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import {
  Award,
  BadgeCheck,
  CalendarDays,
  ClipboardList,
  FileText,
  History,
  Hourglass,
  LayoutDashboard,
  LogOut,
  Menu,
  Receipt,
  Store,
  TicketPercent,
  Users,
  Wallet,
  X,
} from 'lucide-react';
import { cn } from '../ui/cn';
import { site } from '../../config/site';

export const ADMIN_NAV = [
  { to: '/admin', label: 'Resumen', icon: LayoutDashboard, end: true },
  { to: '/admin/events', label: 'Eventos', icon: CalendarDays },
  { to: '/admin/orders', label: 'Órdenes', icon: Receipt },
  { to: '/admin/attendees', label: 'Asistentes', icon: ClipboardList },
  { to: '/admin/waitlist', label: 'Lista de espera', icon: Hourglass },
  { to: '/admin/invoices', label: 'Facturas', icon: FileText },
  { to: '/admin/pagos', label: 'Formas de pago', icon: Wallet },
  { to: '/admin/attendance', label: 'Constancias', icon: Award },
  { to: '/admin/coupons', label: 'Cupones', icon: TicketPercent },
  { to: '/admin/members', label: 'Miembros', icon: Users },
  { to: '/admin/participant-types', label: 'Tipos de participante', icon: BadgeCheck },
  { to: '/admin/audit', label: 'Bitácora', icon: History },
] as const;

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {ADMIN_NAV.map(({ to, label, icon: Icon, ...rest }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={'end' in rest}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                isActive ? 'bg-white/15 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white',
              )
            }
          >
            <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function Account({ email, onLogout }: { email: string; onLogout: () => void }) {
  return (
    <div className="border-t border-white/10 pt-4 text-sm">
      <p className="truncate px-3 text-slate-400" title={email}>
        {email}
      </p>
      <Link
        to="/"
        className="mt-2 flex min-h-11 items-center gap-3 rounded-lg px-3 text-slate-300 hover:bg-white/10 hover:text-white"
      >
        <Store aria-hidden="true" className="h-5 w-5" />
        Ver la tienda
      </Link>
      <button
        type="button"
        onClick={onLogout}
        className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-slate-300 hover:bg-white/10 hover:text-white"
      >
        <LogOut aria-hidden="true" className="h-5 w-5" />
        Cerrar sesión
      </button>
    </div>
  );
}

export function AdminShell({
  email,
  onLogout,
  children,
}: {
  email: string;
  onLogout: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);

  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#admin-contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Saltar al contenido
      </a>
      {/* Small screens: a top bar with a menu button. */}
      <header className="sticky top-0 z-30 bg-ink text-white lg:hidden">
        <div className="flex h-14 items-center justify-between px-4">
          <Link to="/admin" className="font-bold">
            {site.shortName} <span className="font-normal text-slate-300">· Administración</span>
          </Link>
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="admin-menu"
            className="-mr-2 flex h-11 w-11 items-center justify-center rounded-lg hover:bg-white/10"
          >
            {open ? (
              <X aria-hidden="true" className="h-6 w-6" />
            ) : (
              <Menu aria-hidden="true" className="h-6 w-6" />
            )}
            <span className="sr-only">{open ? 'Cerrar menú' : 'Abrir menú'}</span>
          </button>
        </div>
        {open && (
          <nav
            id="admin-menu"
            aria-label="Administración"
            className="space-y-4 border-t border-white/10 px-3 pt-3 pb-4"
          >
            <NavItems onNavigate={() => setOpen(false)} />
            <Account email={email} onLogout={onLogout} />
          </nav>
        )}
      </header>
      {/* Large screens: a fixed sidebar. */}
      <aside className="hidden bg-ink text-white lg:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto p-4">
          <Link to="/admin" className="px-3 pt-2 leading-tight">
            <span className="block text-lg font-bold">{site.shortName}</span>
            <span className="block text-sm text-slate-300">Administración</span>
          </Link>
          <nav aria-label="Administración" className="flex-1">
            <NavItems />
          </nav>
          <Account email={email} onLogout={onLogout} />
        </div>
      </aside>
      <main id="admin-contenido" className="min-w-0 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
