// /registro/:productId (docs/questions.md): «Completa tu registro», the registration questions of
// an event I hold (a team place assigned to me, a place transferred to me, or my own purchase to
// change my answers later). Saved, it goes back to Mis Productos.
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QUESTION_MSG } from '@store/shared/question-messages';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { RequireAuth } from '../../features/account/components/require-auth';
import { useEventQuestions } from '../../features/questions/api/get-event-questions';
import { RegistrationForm } from '../../features/questions/components/registration-form';

export function Component() {
  return (
    <RequireAuth>
      <Registration />
    </RequireAuth>
  );
}

function Registration() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const event = useEventQuestions(productId);
  const title = event.data?.complete ? 'Tus respuestas de registro' : QUESTION_MSG.completeRegistration;
  return (
    <main>
      <Seo
        title={QUESTION_MSG.completeRegistration}
        description="Las preguntas de registro de tu evento."
        noindex
      />
      <Container narrow className="py-8 lg:py-12">
        <Link
          to="/orders"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Mis Productos
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {event.isError ? (
          <Alert tone="error" className="mt-6">
            {event.error.message}
          </Alert>
        ) : event.isPending ? (
          <div className="mt-6 space-y-4" aria-busy="true">
            <p className="sr-only" role="status">
              Cargando las preguntas…
            </p>
            <Skeleton className="h-6 w-2/3" />
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : (
          <>
            <p className="mt-2 text-lg font-semibold text-slate-800">{event.data.productName}</p>
            {event.data.questions.length === 0 ? (
              <div className="mt-6 space-y-4">
                <Alert tone="info">
                  Este evento no tiene preguntas de registro. No necesitas hacer nada.
                </Alert>
                <ButtonLink to="/orders" variant="secondary">
                  Volver a Mis Productos
                </ButtonLink>
              </div>
            ) : (
              <div className="mt-6">
                <RegistrationForm event={event.data} onSaved={() => navigate('/orders')} />
              </div>
            )}
          </>
        )}
      </Container>
    </main>
  );
}
