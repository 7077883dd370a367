// The checkout line's notice (docs/on-sale.md → The line): while a call of the buyer waits its
// turn, a card at the foot of the screen says how many people are before them; when the turn
// comes, that it is being processed; then it goes. Mounted (app/provider.tsx) the first time a
// call meets the line, with an empty live region first so screen readers announce each change.
import { useEffect, useState } from 'react';
import { checkoutLinePosition } from '@store/shared/messages';
import { useCheckoutLine } from '../../lib/checkout-line';

/** Shown between the turn and the call's answer. */
export const LINE_TURN_TEXT = 'Es tu turno: procesando…';

export function CheckoutLineNotice() {
  const line = useCheckoutLine();
  // The region is on the page empty before its first text, so that text is announced too.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const text =
    !ready || !line ? null : line.ahead === null ? LINE_TURN_TEXT : checkoutLinePosition(line.ahead);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4 sm:pb-6"
    >
      {text && (
        <p className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 shadow-card sm:w-auto sm:max-w-2xl">
          <span
            aria-hidden="true"
            className="mt-0.5 h-5 w-5 shrink-0 rounded-full border-2 border-sky-700 border-r-transparent motion-safe:animate-spin"
          />
          <span className="text-pretty">{text}</span>
        </p>
      )}
    </div>
  );
}
