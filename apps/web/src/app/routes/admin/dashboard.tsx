// /admin: revenue and seats per event and per day, orders over time, latest orders.
import { useState } from 'react';
import { Banknote, CalendarDays, Clock, Receipt, Ticket, Users } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { useDashboard } from '../../../features/admin/api/get-dashboard';
import { AdminPageHeader } from '../../../features/admin/components/admin-page-header';
import { DemoDataBanner } from '../../../features/admin/components/demo-data-banner';
import { ByEventChart, TimelineChart } from '../../../features/admin/components/dashboard-charts';
import { OrderRef } from '../../../features/admin/components/order-ref';
import { QueryState } from '../../../features/admin/components/query-state';
import { OrderStatusBadge } from '../../../features/admin/components/status-badges';
import { SeatMeter } from '../../../features/admin/components/seat-meter';
import { StatCard } from '../../../features/admin/components/stat-card';
import { money, orderAmount } from '../../../features/admin/utils/format';

const RANGES = [7, 30, 90] as const;

export function Component() {
  const [days, setDays] = useState<number>(30);
  const dashboard = useDashboard(days);

  return (
    <>
      <AdminPageHeader
        title="Resumen"
        description="Ingresos, lugares vendidos y órdenes de la tienda."
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Periodo
            <Select value={days} onChange={(e) => setDays(Number(e.target.value))} className="w-40">
              {RANGES.map((r) => (
                <option key={r} value={r}>
                  Últimos {r} días
                </option>
              ))}
            </Select>
          </label>
        }
      />
      <DemoDataBanner />
      <QueryState
        query={dashboard}
        errorTitle="No pudimos cargar el resumen"
        loading={
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
            <Skeleton className="col-span-full h-72" />
          </div>
        }
      >
        {(data) => (
          <div className="space-y-6">
            <section aria-label="Totales" className="grid grid-cols-2 gap-3 md:grid-cols-3">
              <StatCard
                label="Ingresos"
                value={money(data.totals.revenue)}
                icon={Banknote}
                hint="Cobrado, menos reembolsos"
              />
              <StatCard label="Órdenes pagadas" value={String(data.totals.paidOrders)} icon={Receipt} />
              <StatCard label="Pendientes de pago" value={String(data.totals.pendingOrders)} icon={Clock} />
              <StatCard
                label="Lugares vendidos"
                value={String(data.totals.seatsSold)}
                icon={Ticket}
                hint="Días pagados"
              />
              <StatCard label="Cuentas" value={String(data.totals.members)} icon={Users} />
              <StatCard
                label="Eventos en la tienda"
                value={String(data.totals.activeEvents)}
                icon={CalendarDays}
              />
            </section>

            <Card>
              <CardHeader>
                <CardTitle>Órdenes e ingresos por día</CardTitle>
              </CardHeader>
              <CardContent>
                <TimelineChart timeline={data.timeline} />
              </CardContent>
            </Card>

            <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Por evento</CardTitle>
                  <p className="text-sm text-slate-600">
                    Ingresos netos de descuentos y reembolsos, sin el precio de servicio.
                  </p>
                </CardHeader>
                <CardContent>
                  <Tabs
                    label="Dato por evento"
                    items={[
                      {
                        value: 'revenue',
                        label: 'Ingresos',
                        content: <ByEventChart events={data.events} metric="revenue" />,
                      },
                      {
                        value: 'seats',
                        label: 'Lugares',
                        content: <ByEventChart events={data.events} metric="seats" />,
                      },
                    ]}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader className="flex-row items-center justify-between">
                  <CardTitle>Últimas órdenes</CardTitle>
                  <ButtonLink to="/admin/orders" variant="ghost" size="sm">
                    Ver todas
                  </ButtonLink>
                </CardHeader>
                <CardContent>
                  {data.latestOrders.length === 0 ? (
                    <p className="text-sm text-slate-600">Todavía no hay órdenes.</p>
                  ) : (
                    <ul className="divide-y divide-slate-200">
                      {data.latestOrders.map((o) => (
                        <li key={o._id} className="flex items-start justify-between gap-3 py-2.5">
                          <div className="min-w-0">
                            <OrderRef id={o._id} date={o.date} className="text-sm" />
                            <p className="truncate text-sm text-ink">{o.customer.name}</p>
                            <p className="truncate text-xs text-slate-500">
                              {o.items.map((i) => i.name).join(', ')}
                            </p>
                          </div>
                          <div className="shrink-0 text-right">
                            <p className="text-sm tabular-nums">{orderAmount(o.amount)}</p>
                            <OrderStatusBadge status={o.status} />
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </div>

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
                  {data.events.flatMap((e) =>
                    e.days.map((d, i) => (
                      <TableRow key={d.productDayId}>
                        {i === 0 && (
                          <TableCell rowSpan={e.days.length} className="min-w-48 font-medium text-ink">
                            {e.name}
                            {!e.active && (
                              <span className="block text-xs font-normal text-slate-500">Archivado</span>
                            )}
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
          </div>
        )}
      </QueryState>
    </>
  );
}
