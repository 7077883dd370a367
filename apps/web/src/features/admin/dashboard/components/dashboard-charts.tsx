// Dashboard charts (recharts): orders and revenue per day, revenue per event. The numbers
// behind them are also in the tables of the page, so nothing is only in a picture.
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdminDashboardResponse } from '@store/shared/schemas/admin/dashboard';
import { formatCalendarDay } from '@store/shared/domain/time';
import { axisAmount, money } from '../../../../lib/admin/format';

const BRAND = '#b01f31';
const INK = '#1b2330';
const SLATE = '#94a3b8';

export function TimelineChart({ timeline }: { timeline: AdminDashboardResponse['timeline'] }) {
  const data = timeline.map((t) => ({ ...t, label: formatCalendarDay(t.date) }));
  return (
    <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 12, fill: '#475569' }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} width={32} />
          <YAxis
            yAxisId="revenue"
            orientation="right"
            tick={{ fontSize: 12, fill: '#475569' }}
            tickFormatter={axisAmount}
            width={40}
          />
          <Tooltip
            formatter={(value, name) => (name === 'Ingresos' ? money(Number(value)) : String(value))}
            labelStyle={{ color: INK, fontWeight: 600 }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar yAxisId="orders" dataKey="orders" name="Órdenes" fill={SLATE} radius={[3, 3, 0, 0]} />
          <Bar yAxisId="orders" dataKey="paidOrders" name="Pagadas" fill={INK} radius={[3, 3, 0, 0]} />
          <Line
            yAxisId="revenue"
            dataKey="revenue"
            name="Ingresos"
            stroke={BRAND}
            strokeWidth={2}
            dot={false}
            type="monotone"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export type EventMetric = 'revenue' | 'seats';

export function ByEventChart({
  events,
  metric,
}: {
  events: AdminDashboardResponse['events'];
  metric: EventMetric;
}) {
  const value = (e: AdminDashboardResponse['events'][number]) =>
    metric === 'revenue' ? e.revenue : e.seatsSold;
  const data = events
    .filter((e) => value(e) > 0)
    .sort((a, b) => value(b) - value(a))
    .slice(0, 8)
    .map((e) => ({ name: e.name.length > 30 ? `${e.name.slice(0, 29)}…` : e.name, value: value(e) }));
  if (data.length === 0) {
    return (
      <p className="py-10 text-center text-sm text-slate-600">
        {metric === 'revenue' ? 'Aún no hay ingresos cobrados.' : 'Aún no hay lugares pagados.'}
      </p>
    );
  }
  const format = (v: number) => (metric === 'revenue' ? money(v) : String(v));
  return (
    <div className="w-full" style={{ height: data.length * 44 + 48 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" horizontal={false} />
          <XAxis
            type="number"
            allowDecimals={metric === 'revenue'}
            tick={{ fontSize: 12, fill: '#475569' }}
            tickFormatter={(v: number) => (metric === 'revenue' ? axisAmount(v) : String(v))}
          />
          <YAxis type="category" dataKey="name" width={140} tick={{ fontSize: 12, fill: INK }} />
          <Tooltip formatter={(v) => format(Number(v))} />
          <Bar
            dataKey="value"
            name={metric === 'revenue' ? 'Ingresos' : 'Lugares vendidos'}
            fill={metric === 'revenue' ? BRAND : INK}
            radius={[0, 3, 3, 0]}
            maxBarSize={28}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
