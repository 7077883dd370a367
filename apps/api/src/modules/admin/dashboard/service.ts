// Dashboard figures: totals, revenue and seats per event and per day, orders per day over a
// window (Mexico City calendar), and the latest orders.

import { toPesos } from '@store/shared/domain/money';
import type { AdminDashboardResponse } from '@store/shared/schemas/admin/dashboard';
import type { Db } from '../../../db/client';
import { listAdminOrders } from '../orders/service';
import { addCalendarDays, mexicoCityDate, startOfMexicoCityDay } from '@store/shared/domain/time';
import { completedRefunds, ordersSince, revenueLines } from '../../orders/repo';
import { eventsWithDays, totals } from './repo';
import { lineRevenue, type RevenueRefund } from './revenue';

type Dashboard = Omit<AdminDashboardResponse, 'success'>;

export async function getDashboard(db: Db, windowDays: number, now = new Date()): Promise<Dashboard> {
  const t = await totals(db);
  const lines = await revenueLines(db);
  const refundsByOrder = new Map<string, RevenueRefund[]>();
  for (const r of await completedRefunds(db)) {
    refundsByOrder.set(r.orderId, [...(refundsByOrder.get(r.orderId) ?? []), r]);
  }

  const revenueByDay = new Map<string, number>();
  const seatsByDay = new Map<string, number>();
  const byOrder = new Map<string, typeof lines>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  for (const [orderId, group] of byOrder) {
    // Each day keeps what was paid for it less what was refunded for it: a cancellation's
    // charge stays on the cancelled day (revenue.ts → lineRevenue).
    const kept = lineRevenue(group[0]!, group, refundsByOrder.get(orderId) ?? []);
    group.forEach((l, i) => {
      revenueByDay.set(l.productDayId, (revenueByDay.get(l.productDayId) ?? 0) + kept[i]!);
      if (l.status === 'pagado') seatsByDay.set(l.productDayId, (seatsByDay.get(l.productDayId) ?? 0) + 1);
    });
  }

  const withSales = [...new Set(lines.map((l) => l.productId))];
  const { rows, days } = await eventsWithDays(db, withSales);
  const events = rows
    .map((p) => {
      const own = days.filter((d) => d.productId === p.id);
      const dayFigures = own.map((d) => ({
        productDayId: d.id,
        label: d.label,
        seatsSold: seatsByDay.get(d.id) ?? 0,
        seatCapacity: d.seatCapacity,
        revenueCentavos: revenueByDay.get(d.id) ?? 0,
      }));
      const revenueCentavos = dayFigures.reduce((s, d) => s + d.revenueCentavos, 0);
      return {
        productId: p.id,
        name: p.name,
        active: p.active,
        createdAt: p.createdAt.getTime(),
        revenueCentavos,
        seatsSold: dayFigures.reduce((s, d) => s + d.seatsSold, 0),
        days: dayFigures.map(({ revenueCentavos: r, ...d }) => ({ ...d, revenue: toPesos(r) })),
      };
    })
    .sort(
      (a, b) =>
        b.revenueCentavos - a.revenueCentavos || b.seatsSold - a.seatsSold || b.createdAt - a.createdAt,
    )
    .map(({ revenueCentavos, createdAt: _c, ...e }) => ({ ...e, revenue: toPesos(revenueCentavos) }));

  // One entry per calendar day of the window, oldest first, zeros included (a flat line
  // says "no sales", a gap would hide it).
  const today = mexicoCityDate(now);
  const dates: string[] = [];
  for (let i = windowDays - 1; i >= 0; i -= 1) dates.push(addCalendarDays(today, -i));
  const buckets = new Map(dates.map((d) => [d, { date: d, orders: 0, paidOrders: 0, revenueCentavos: 0 }]));
  const since = startOfMexicoCityDay(dates[0]!);
  for (const o of await ordersSince(db, since)) {
    const b = buckets.get(mexicoCityDate(o.createdAt));
    if (!b) continue;
    b.orders += 1;
    if (o.status === 'pagado') b.paidOrders += 1;
    // What the order kept, also once part of it was cancelled or refunded.
    if (o.paidAt !== null) b.revenueCentavos += o.amountCentavos - o.refundedCentavos;
  }
  const timeline = [...buckets.values()].map(({ revenueCentavos, ...b }) => ({
    ...b,
    revenue: toPesos(revenueCentavos),
  }));

  const latest = await listAdminOrders(db, { page: 1, pageSize: 8 });
  return {
    totals: {
      revenue: toPesos(t.revenue),
      paidOrders: t.paid,
      pendingOrders: t.pending,
      seatsSold: t.seats,
      members: t.members,
      activeEvents: t.activeEvents,
    },
    events,
    timeline,
    latestOrders: latest.orders,
  };
}
