// The dashboard's banner while demo data is left: what it is, and "Eliminar datos de
// demostración" behind a confirmation. Events a real customer bought are archived, not deleted.
import { useState } from 'react';
import { FlaskConical, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { errorMessage, notify } from '../../../../lib/notify';
import { useDemoData } from '../api/get-demo-data';
import { useRemoveDemoData } from '../api/remove-demo-data';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

export function DemoDataBanner() {
  const demo = useDemoData();
  const remove = useRemoveDemoData();
  const [confirming, setConfirming] = useState(false);
  if (!demo.data?.present) return null;
  const { products, coupons, users } = demo.data;
  const parts = [
    products > 0 && plural(products, 'evento', 'eventos'),
    coupons > 0 && plural(coupons, 'cupón', 'cupones'),
    users > 0 && plural(users, 'cuenta de cliente', 'cuentas de cliente'),
  ].filter(Boolean);

  return (
    <section
      aria-labelledby="demo-data-title"
      className="mb-6 flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex gap-3">
        <FlaskConical aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
        <div>
          <h2 id="demo-data-title" className="font-semibold">
            La tienda tiene datos de demostración
          </h2>
          <p className="mt-1 text-sm">
            {parts.join(', ')} de ejemplo, con un cupón de 100 % de descuento. Elimínalos antes de abrir la
            tienda al público.
          </p>
        </div>
      </div>
      <Button variant="danger" className="shrink-0" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Eliminar datos de demostración
      </Button>
      <ConfirmDialog
        open={confirming}
        danger
        busy={remove.isPending}
        title="¿Eliminar los datos de demostración?"
        description="Se borran los eventos, el cupón y la cuenta de cliente de demostración, con las órdenes de esa cuenta. Un evento de demostración que haya comprado un cliente real se archiva (sale del catálogo y el cliente conserva su acceso). Queda registrado en la bitácora y no se puede deshacer."
        confirmLabel="Eliminar datos de demostración"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (res) => {
              setConfirming(false);
              notify.success(res.message);
            },
            onError: (err) =>
              notify.error(errorMessage(err, 'No se pudieron eliminar los datos de demostración')),
          })
        }
      />
    </section>
  );
}
