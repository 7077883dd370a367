// /constancias/:folio: the public verification of a constancia (docs/attendance.md → Verification).
import { useParams } from 'react-router';
import { Seo } from '../../components/layout/seo';
import { Container } from '../../components/ui/container';
import { ConstanciaVerification } from '../../features/attendance/components/constancia-verification';

export function Component() {
  const { folio = '' } = useParams();
  const normalised = folio.trim().toUpperCase();
  return (
    <main>
      <Seo
        title="Verificación de constancia"
        description="Comprueba que una constancia es auténtica."
        noindex
      />
      <Container narrow className="py-8 lg:py-12">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          VERIFICACIÓN DE <span className="text-brand-700">CONSTANCIA</span>
        </h1>
        <div className="mt-6">
          <ConstanciaVerification key={normalised} folio={normalised} />
        </div>
      </Container>
    </main>
  );
}
