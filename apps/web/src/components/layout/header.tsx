// Site header: logo and main navigation (SPEC §2).
import { Link, NavLink } from 'react-router';
import { site } from '../../config/site';

export const NAV_LINKS = [
  { to: '/', label: 'Inicio' },
  { to: '/collection', label: 'Eventos' },
  { to: '/curso-anestesia', label: 'Curso anestesia' },
  { to: '/cuotas', label: 'Cuotas' },
  { to: '/about', label: 'Sobre nosotros' },
  { to: '/contact', label: 'Contacto' },
] as const;

export function Header() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="font-bold text-brand-700">
          {site.shortName}
        </Link>
        <nav aria-label="Principal" className="hidden gap-5 text-sm md:flex">
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className="hover:text-brand-700">
              {l.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
