// The two payment logos (our own drawings, served as images), for the footer and checkout.
// loading="lazy": below the fold, so they neither compete with the page's largest image nor
// get preloaded by the server render.
import { cn } from '../ui/cn';

export function PaymentLogos({ className }: { className?: string }) {
  return (
    <ul className={cn('flex flex-wrap items-center gap-2', className)} aria-label="Medios de pago">
      <li>
        <img
          src="/payments/paypal.svg"
          alt="PayPal"
          width={96}
          height={32}
          loading="lazy"
          className="h-8 w-24 rounded-md ring-1 ring-slate-200"
        />
      </li>
      <li>
        <img
          src="/payments/card.svg"
          alt="Tarjeta de crédito o débito"
          width={96}
          height={32}
          loading="lazy"
          className="h-8 w-24 rounded-md ring-1 ring-slate-200"
        />
      </li>
    </ul>
  );
}
