// /admin: revenue and seats per event and per day, orders over time, latest orders, and what
// waits on a provider or on the buyer's cash or transfer.
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { useDashboard } from '../../../features/admin/dashboard/api/get-dashboard';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { DemoDataBanner } from '../../../features/admin/demo-data/components/demo-data-banner';
import { ByEventChart, TimelineChart } from '../../../features/admin/dashboard/components/dashboard-charts';
import { DashboardTotals } from '../../../features/admin/dashboard/components/dashboard-totals';
import { LatestOrdersCard } from '../../../features/admin/dashboard/components/latest-orders-card';
import { PaymentWaitsCard } from '../../../features/admin/dashboard/components/payment-waits-card';
import { ProviderWaitsCard } from '../../../features/admin/dashboard/components/provider-waits-card';
import { QueryState } from '../../../components/admin/query-state';
import { SeatsByDayTable } from '../../../features/admin/dashboard/components/seats-by-day-table';

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
            <DashboardTotals totals={data.totals} />
            <ProviderWaitsCard />
            <PaymentWaitsCard />

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
              <LatestOrdersCard orders={data.latestOrders} />
            </div>

            <SeatsByDayTable events={data.events} />
          </div>
        )}
      </QueryState>
    </>
  );
}
