// "Modo de demostración: pagos simulados": shown on every page while the store runs with the
// local PayPal simulator (npm run demo), so nobody mistakes a simulated purchase for a real
// one. Its height is fixed and the page usually knows the mode before its first paint
// (index.html), so it never pushes the page down after load.
import { FlaskConical } from 'lucide-react';
import { useSiteConfig } from '../api/get-site-config';

export function DemoRibbon() {
  const { data } = useSiteConfig();
  if (data?.paymentsMode !== 'simulated') return null;
  return (
    <aside
      aria-label="Aviso de demostración"
      className="relative z-50 border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <span
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 h-1 bg-[repeating-linear-gradient(135deg,var(--color-amber-400)_0_10px,var(--color-amber-100)_10px_20px)]"
      />
      <p className="mx-auto flex h-10 max-w-7xl items-center justify-center gap-2 px-4 pb-1 text-[0.8125rem] leading-none">
        <FlaskConical aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-700" />
        <span>
          <strong className="font-semibold">Modo de demostración:</strong> pagos simulados
          <span className="hidden sm:inline"> · ningún cobro es real</span>
        </span>
      </p>
    </aside>
  );
}
