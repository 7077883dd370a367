// /admin/orders: orders filtered by event, day, status, method, dates or customer; the
// filters live in the address so a filtered list can be shared or reloaded.
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import {
  ORDER_STATUS_FILTER_LABELS,
  ORDER_STATUS_FILTERS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from '@store/shared/constants';
import type { AdminOrdersQuery } from '@store/shared/schemas/admin/orders';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/input';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { downloadOrdersCsv, useAdminOrders } from '../../../features/admin/orders/api/get-orders';
import { errorMessage, notify } from '../../../lib/notify';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { EventDayPicker } from '../../../components/admin/event-day-picker';
import { OrdersTable } from '../../../features/admin/orders/components/orders-table';
import { Pagination } from '../../../components/admin/pagination';
import { QueryState } from '../../../components/admin/query-state';
import { useDebounced } from '../../../lib/use-debounced';

const FILTERS = ['productId', 'productDayId', 'status', 'method', 'from', 'to', 'search'] as const;
const PAGE_SIZE = 25;

export function Component() {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  const search = useDebounced(get('search'));
  const query: AdminOrdersQuery = {
    productId: get('productId') || undefined,
    productDayId: get('productDayId') || undefined,
    status: (get('status') || undefined) as AdminOrdersQuery['status'],
    method: (get('method') || undefined) as AdminOrdersQuery['method'],
    from: get('from') || undefined,
    to: get('to') || undefined,
    search: search || undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  const events = useAdminEvents();
  const orders = useAdminOrders(query);
  const filtered = FILTERS.some((k) => get(k));
  const csv = useMutation({ mutationFn: downloadOrdersCsv });
  const onCsv = async () => {
    const { page: _p, pageSize: _s, ...filters } = query;
    try {
      notify.success(`Descargado: ${await csv.mutateAsync(filters)}`);
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo descargar el CSV'));
    }
  };

  return (
    <>
      <AdminPageHeader
        title="Órdenes"
        description="Compras y reclamos de la tienda, con su estado y método de pago. Los intentos de pago que terminaron sin dinero (una ventana de PayPal cerrada, una ficha vencida) están aparte, en el estado «Intentos de pago sin concretar»."
        actions={
          <Button variant="secondary" loading={csv.isPending} onClick={() => void onCsv()}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Exportar CSV
          </Button>
        }
      />
      <form
        role="search"
        aria-label="Filtrar órdenes"
        onSubmit={(e) => e.preventDefault()}
        className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <EventDayPicker
          events={events.data ?? []}
          productId={get('productId')}
          productDayId={get('productDayId')}
          onChange={(v) => set(v)}
        />
        <SelectField label="Estado" value={get('status')} onChange={(e) => set({ status: e.target.value })}>
          <option value="">Todos</option>
          {ORDER_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_FILTER_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Método de pago"
          value={get('method')}
          onChange={(e) => set({ method: e.target.value })}
        >
          <option value="">Todos</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Desde"
          type="date"
          value={get('from')}
          onChange={(e) => set({ from: e.target.value })}
        />
        <TextField
          label="Hasta"
          type="date"
          value={get('to')}
          onChange={(e) => set({ to: e.target.value })}
        />
        <TextField
          label="Cliente u orden"
          type="search"
          placeholder="Nombre, correo o referencia"
          value={get('search')}
          onChange={(e) => set({ search: e.target.value })}
        />
        <div className="flex items-end">
          <Button
            variant="ghost"
            disabled={!filtered}
            onClick={() => setParams(new URLSearchParams(), { replace: true })}
          >
            Quitar filtros
          </Button>
        </div>
      </form>

      <QueryState
        query={orders}
        loadingLabel="Cargando órdenes…"
        isEmpty={(d) => d.orders.length === 0}
        empty={filtered ? 'Ninguna orden coincide con los filtros.' : 'Todavía no hay órdenes.'}
      >
        {(data) => (
          <>
            <p className="mb-2 text-sm text-slate-600" role="status">
              {data.total} {data.total === 1 ? 'orden' : 'órdenes'}
            </p>
            <OrdersTable orders={data.orders} label="Órdenes" />
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPage={(p) => set({ page: String(p) })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
