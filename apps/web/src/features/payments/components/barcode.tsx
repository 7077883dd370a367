// The OXXO voucher's barcode: the reference number in Code 128-B (lib/code128.ts), drawn as
// SVG bars with the quiet zones the standard asks for (10 modules each side), crisp at any
// size and in print. Nothing is drawn for a reference it cannot encode.
import { code128B } from '../../../lib/code128';
import { cn } from '../../../components/ui/cn';

const QUIET = 10;

export function Barcode({ value, className }: { value: string; className?: string }) {
  let widths: number[];
  let modules: number;
  try {
    ({ widths, modules } = code128B(value));
  } catch {
    return null;
  }
  const bars: { x: number; w: number }[] = [];
  let x = QUIET;
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, w });
    x += w;
  });
  const width = modules + 2 * QUIET;
  return (
    <svg
      role="img"
      aria-label={`Código de barras de la referencia ${value}`}
      viewBox={`0 0 ${width} 60`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      className={cn('h-20 w-full bg-white', className)}
    >
      {bars.map((b) => (
        <rect key={b.x} x={b.x} y={0} width={b.w} height={60} fill="#000" />
      ))}
    </svg>
  );
}
