// The dashboard's table of seats sold and revenue per event and day.
import type { AdminDashboardResponse as AdminDashboard } from '@store/shared/schemas/admin/dashboard';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../../components/ui/table';
import { money } from '../../../../lib/admin/format';
import { SeatMeter } from '../../../../components/admin/seat-meter';

export function SeatsByDayTable({ events }: { events: AdminDashboard['events'] }) {
  return (
    <section aria-labelledby="por-dia">
      <h2 id="por-dia" className="mb-3 text-lg font-semibold text-ink">
        Lugares e ingresos por evento y día
      </h2>
      <Table label="Lugares e ingresos por evento y día">
        <TableHead>
          <TableRow>
            <TableHeaderCell>Evento</TableHeaderCell>
            <TableHeaderCell>Día</TableHeaderCell>
            <TableHeaderCell>Lugares vendidos</TableHeaderCell>
            <TableHeaderCell className="text-right">Ingresos</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.flatMap((e) =>
            e.days.map((d, i) => (
              <TableRow key={d.productDayId}>
                {i === 0 && (
                  <TableCell rowSpan={e.days.length} className="min-w-48 font-medium text-ink">
                    {e.name}
                    {!e.active && <span className="block text-xs font-normal text-slate-500">Archivado</span>}
                    <span className="block text-xs font-normal text-slate-500">
                      Total: {e.seatsSold} lugares · {money(e.revenue)}
                    </span>
                  </TableCell>
                )}
                <TableCell className="min-w-40">{d.label}</TableCell>
                <TableCell>
                  <SeatMeter sold={d.seatsSold} capacity={d.seatCapacity} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{money(d.revenue)}</TableCell>
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </section>
  );
}
