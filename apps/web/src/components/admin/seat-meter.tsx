// Seats sold against the day's limit, as text and a bar (no limit: just the count).
export function SeatMeter({ sold, capacity }: { sold: number; capacity: number | null }) {
  if (capacity === null) {
    return (
      <span className="whitespace-nowrap tabular-nums">
        {sold} <span className="text-slate-500">(sin límite)</span>
      </span>
    );
  }
  const ratio = capacity === 0 ? 1 : Math.min(1, sold / capacity);
  const full = sold >= capacity;
  return (
    <div className="min-w-28">
      <span className="whitespace-nowrap tabular-nums">
        {sold} / {capacity}
      </span>
      {full && <span className="ml-1 text-xs font-semibold text-brand-700">Agotado</span>}
      <div aria-hidden="true" className="mt-1 h-1.5 w-full rounded-full bg-slate-200">
        <div
          className={full ? 'h-1.5 rounded-full bg-brand-600' : 'h-1.5 rounded-full bg-emerald-600'}
          style={{ width: `${Math.round(ratio * 100)}%` }}
        />
      </div>
    </div>
  );
}
