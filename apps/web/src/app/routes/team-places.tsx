// The places of one of my group orders (docs/groups.md): who uses each, assign or reassign
// them (one at a time or a list), cancel one by the terms.
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ORDER_STATUS_LABELS } from '@store/shared/constants';
import { orderReference } from '@store/shared/domain/order-reference';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { RequireAuth } from '../../features/account/components/require-auth';
import { useGroupPlaces } from '../../features/groups/api/group';
import { TeamPlaces } from '../../features/groups/components/team-places';

export function Component() {
  return (
    <RequireAuth>
      <Places />
    </RequireAuth>
  );
}

function Places() {
  const { orderId = '' } = useParams();
  const group = useGroupPlaces(orderId);
  return (
    <main>
      <Seo
        title="Lugares del equipo"
        description="Quién usa cada lugar de tu compra para tu equipo."
        noindex
      />
      <Container className="py-8 lg:py-12">
        <Link
          to="/orders"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Mis Productos
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
          LUGARES DEL <span className="text-brand-700">EQUIPO</span>
        </h1>
        {group.isError ? (
          <Alert tone="error" className="mt-6">
            {group.error.message}
          </Alert>
        ) : group.isPending ? (
          <div className="mt-6 space-y-3" aria-busy="true">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-40 w-full rounded-xl" />
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              {group.data.productName} · Orden {orderReference(group.data.orderId)} ·{' '}
              {ORDER_STATUS_LABELS[group.data.status]}
            </p>
            <div className="mt-6">
              <TeamPlaces group={group.data} />
            </div>
          </>
        )}
      </Container>
    </main>
  );
}
