// Site footer: legal links and contact details (SPEC §2).
import { Link } from 'react-router';
import { site } from '../../config/site';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 text-sm text-slate-700 md:grid-cols-3">
        <div>
          <p className="font-semibold text-ink">{site.name}</p>
        </div>
        <div>
          <p>{site.email}</p>
          <p>{site.phone}</p>
        </div>
        <div className="flex flex-col gap-1">
          <Link to="/privacy-policy">Aviso de privacidad</Link>
          <Link to="/terms">Términos y condiciones</Link>
        </div>
      </div>
    </footer>
  );
}
