// The dashboard's headline figures: revenue, paid and pending orders, seats sold, accounts
// and events on sale.
import { Banknote, CalendarDays, Clock, Receipt, Ticket, Users } from 'lucide-react';
import type { AdminDashboardResponse as AdminDashboard } from '@store/shared/schemas/admin/dashboard';
import { money } from '../../../../lib/admin/format';
import { StatCard } from './stat-card';

export function DashboardTotals({ totals }: { totals: AdminDashboard['totals'] }) {
  return (
    <section aria-label="Totales" className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <StatCard
        label="Ingresos"
        value={money(totals.revenue)}
        icon={Banknote}
        hint="Cobrado, menos reembolsos"
      />
      <StatCard label="Órdenes pagadas" value={String(totals.paidOrders)} icon={Receipt} />
      <StatCard label="Pendientes de pago" value={String(totals.pendingOrders)} icon={Clock} />
      <StatCard label="Lugares vendidos" value={String(totals.seatsSold)} icon={Ticket} hint="Días pagados" />
      <StatCard label="Cuentas" value={String(totals.members)} icon={Users} />
      <StatCard label="Eventos en la tienda" value={String(totals.activeEvents)} icon={CalendarDays} />
    </section>
  );
}
