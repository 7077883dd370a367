// /admin/pagos: «Formas de pago», the ways to pay besides PayPal and what each needs.
import { PAY_MSG } from '@store/shared/payment-messages';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { QueryState } from '../../../components/admin/query-state';
import {
  usePaymentSettings,
  useSavePaymentSettings,
} from '../../../features/admin/payment-settings/api/payment-settings';
import { PaymentSettingsForm } from '../../../features/admin/payment-settings/components/payment-settings-form';
import { errorMessage, notify } from '../../../lib/notify';

export function Component() {
  const settings = usePaymentSettings();
  const save = useSavePaymentSettings();
  return (
    <>
      <AdminPageHeader
        title="Formas de pago"
        description="PayPal siempre está disponible. Aquí activas la tarjeta con meses sin intereses, el efectivo en OXXO y las transferencias SPEI."
      />
      <QueryState
        query={settings}
        loadingLabel="Cargando formas de pago…"
        errorTitle="No pudimos cargar las formas de pago"
      >
        {(data) => (
          <PaymentSettingsForm
            data={data}
            saving={save.isPending}
            onSave={async (next) => {
              try {
                const res = await save.mutateAsync(next);
                const text = res.message ?? PAY_MSG.settingsSaved;
                notify.success(text);
                return text;
              } catch (err) {
                const text = errorMessage(err, 'No se pudieron guardar las formas de pago');
                notify.error(text);
                throw new Error(text);
              }
            }}
          />
        )}
      </QueryState>
    </>
  );
}
