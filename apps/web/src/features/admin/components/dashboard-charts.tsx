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
import type { AdminDashboardResponse } from '@store/shared/schemas/admin';
import { formatCalendarDay, money } from '../utils/format';

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
            tickFormatter={(v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v))}
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

export function RevenueByEventChart({ events }: { events: AdminDashboardResponse['events'] }) {
  const data = events
    .filter((e) => e.revenue > 0 || e.seatsSold > 0)
    .slice(0, 8)
    .map((e) => ({
      name: e.name.length > 28 ? `${e.name.slice(0, 27)}…` : e.name,
      revenue: e.revenue,
      seats: e.seatsSold,
    }));
  if (data.length === 0) {
    return <p className="py-10 text-center text-sm text-slate-600">Aún no hay ventas pagadas.</p>;
  }
  return (
    <div className="w-full" style={{ height: Math.max(160, data.length * 44 + 40) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="#e2e8f0" horizontal={false} />
          <XAxis
            type="number"
            tick={{ fontSize: 12, fill: '#475569' }}
            tickFormatter={(v: number) => money(v)}
          />
          <YAxis type="category" dataKey="name" width={150} tick={{ fontSize: 12, fill: INK }} />
          <Tooltip formatter={(value) => money(Number(value))} />
          <Bar dataKey="revenue" name="Ingresos" fill={BRAND} radius={[0, 3, 3, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
