// /account (Mi cuenta): the signed-in account's page, a column of cards (profile, participant type,
// data for constancias, sessions); further account sections are added as cards here.
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { useProfile } from '../../features/account/api/get-profile';
import { ParticipantTypeCard } from '../../features/account/components/participant-type-card';
import { ProfileCard } from '../../features/account/components/profile-card';
import { RequireAuth } from '../../features/account/components/require-auth';
import { SessionsCard } from '../../features/account/components/sessions-card';
import { FiscalDataCard } from '../../features/invoices/components/fiscal-data-card';
import { useAuth } from '../../features/account/hooks/use-auth';
import { EvaluationsSection } from '../../features/attendance/components/evaluations-section';
import { ProfessionalProfileCard } from '../../features/attendance/components/professional-profile-card';

export function Component() {
  return (
    <RequireAuth>
      <Account />
    </RequireAuth>
  );
}

function Account() {
  const profile = useProfile();
  const { logout } = useAuth();

  return (
    <main>
      <Seo title="Mi cuenta" description="Tus datos y las sesiones abiertas de tu cuenta." noindex />
      <Container narrow className="py-8 lg:py-12">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          MI <span className="text-brand-700">CUENTA</span>
        </h1>
        <div className="mt-6 space-y-6">
          {profile.isError ? (
            <Alert tone="error" title={profile.error.message}>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void profile.refetch()}>
                Reintentar
              </Button>
            </Alert>
          ) : profile.data ? (
            <ProfileCard user={profile.data} />
          ) : (
            <div aria-busy="true">
              <p className="sr-only" role="status">
                Cargando tus datos…
              </p>
              <Skeleton className="h-36 w-full rounded-xl" />
            </div>
          )}
          <ParticipantTypeCard />
          <ProfessionalProfileCard />
          <EvaluationsSection />
          <FiscalDataCard />
          <SessionsCard onLoggedOut={logout} />
        </div>
      </Container>
    </main>
  );
}
