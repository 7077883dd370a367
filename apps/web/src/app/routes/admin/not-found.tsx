// Unknown /admin/* path: a message inside the back office frame.
import { ButtonLink } from '../../../components/ui/button';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';

export function Component() {
  return (
    <>
      <AdminPageHeader
        title="Página no encontrada"
        description="Esta sección de la administración no existe."
      />
      <ButtonLink to="/admin">Ir al resumen</ButtonLink>
    </>
  );
}
