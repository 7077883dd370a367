// "Datos fiscales" card of Mi cuenta: the CFDI receiver's data, saved once and reused at
// checkout ("¿Requieres factura?") and for requests from Mis productos.
import { FileText } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, notify } from '../../../lib/notify';
import { useSaveFiscalData } from '../api/save-fiscal-data';
import { useFiscalForm } from '../hooks/use-fiscal-form';
import { FiscalFields } from './fiscal-fields';

export function FiscalDataCard() {
  const { form, saved } = useFiscalForm();
  const save = useSaveFiscalData();

  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      (res) => {
        form.reset(res.fiscalData);
        notify.success(res.message);
      },
      (err: unknown) => notify.error(errorMessage(err, 'No se pudieron guardar tus datos fiscales')),
    ),
  );

  return (
    <Card aria-labelledby="account-fiscal-title">
      <CardHeader>
        <CardTitle id="account-fiscal-title">Datos fiscales</CardTitle>
        <CardDescription>
          Para tu factura electrónica (CFDI 4.0). Los usamos cuando marcas «¿Requieres factura?» al pagar o
          cuando la solicitas desde Mis productos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {saved.isError ? (
          <Alert tone="error" title={saved.error.message}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void saved.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : saved.isPending ? (
          <div aria-busy="true">
            <p className="sr-only" role="status">
              Cargando tus datos fiscales…
            </p>
            <Skeleton className="h-64 w-full rounded-lg" />
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <FiscalFields form={form} idPrefix="account-fiscal" />
            <Button type="submit" loading={save.isPending}>
              <FileText aria-hidden="true" className="h-4 w-4" />
              Guardar datos fiscales
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
