// Site footer (docs/product.md → Header and footer): legal links, contact details, social links, payment logos.
import { Link } from 'react-router';
import { Clock, ExternalLink, Mail, MapPin, Phone } from 'lucide-react';
import { mexicoCityWallClock } from '@store/shared/domain/time';
import { site } from '../../config/site';
import { Container } from '../ui/container';
import { Logo } from './logo';
import { MOBILE_NAV_LINKS } from './nav-links';
import { PaymentLogos } from './payment-logos';

const linkClass = 'rounded text-slate-300 underline-offset-4 hover:text-white hover:underline';

export function Footer() {
  // The association's year (Mexico City), not the visitor's: they differ on 31 December evenings.
  const year = mexicoCityWallClock(Date.now()).year;
  return (
    <footer className="on-dark mt-16 bg-navy-950 text-sm text-slate-300">
      <span
        aria-hidden="true"
        className="block h-1 bg-gradient-to-r from-brand-800 via-brand-500 to-brand-800"
      />
      {/* Phones: brand and contact span the width, the two link lists sit side by side. */}
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
        <div className="col-span-2 sm:col-span-1">
          <Logo tone="light" />
          <p className="mt-4 max-w-sm leading-relaxed">{site.name}.</p>
          <p className="mt-2 max-w-sm leading-relaxed text-slate-400">{site.description}</p>
        </div>

        <nav aria-label="Secciones">
          <h2 className="text-xs font-bold tracking-widest text-white uppercase">Secciones</h2>
          <ul className="mt-4 space-y-2.5">
            {MOBILE_NAV_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-xs font-bold tracking-widest text-white uppercase">Legal</h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Aviso de privacidad
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Términos y condiciones
              </Link>
            </li>
            <li>
              <Link to="/cuotas" className={linkClass}>
                Cuotas de recuperación
              </Link>
            </li>
          </ul>
          <h2 className="mt-8 text-xs font-bold tracking-widest text-white uppercase">Síguenos</h2>
          <ul className="mt-4 space-y-2.5">
            {site.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} inline-flex items-center gap-1.5`}
                >
                  {s.name}
                  <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                  <span className="sr-only">(se abre en una pestaña nueva)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div className="col-span-2 sm:col-span-1">
          <h2 className="text-xs font-bold tracking-widest text-white uppercase">Contacto</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-2.5">
              <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
              <a href={`mailto:${site.email}`} className={`${linkClass} break-all`}>
                {site.email}
              </a>
            </li>
            <li className="flex gap-2.5">
              <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
              <a href={site.phoneHref} className={linkClass}>
                {site.phone}
              </a>
            </li>
            <li className="flex gap-2.5">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
              <span>{site.address}</span>
            </li>
            <li className="flex gap-2.5">
              <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
              <span>{site.hours}</span>
            </li>
          </ul>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-400">
            © {year} {site.shortName}. Todos los derechos reservados.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-slate-400">Pagos seguros con</p>
            <PaymentLogos />
          </div>
        </Container>
      </div>
    </footer>
  );
}
