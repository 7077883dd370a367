// Registration in Mis Productos (docs/questions.md): a short banner while any event I hold waits
// for my answers, «Completa tu registro» on that event, and a discreet «Editar mis respuestas» on
// an event whose answers are complete and can still change.
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { QUESTION_MSG } from '@store/shared/question-messages';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { useNow } from '../../../lib/use-now';

const registroPath = (productId: string) => `/registro/${encodeURIComponent(productId)}`;

/** At the top of Mis Productos while any registration is pending. */
export function PendingRegistrationBanner({
  events,
  className,
}: {
  events: readonly { productId: string; productName: string }[];
  className?: string;
}) {
  if (events.length === 0) return null;
  return (
    <Alert tone="warning" className={className} title={QUESTION_MSG.completeRegistration}>
      <p>
        {events.length === 1
          ? 'Un evento te pide responder sus preguntas de registro:'
          : 'Estos eventos te piden responder sus preguntas de registro:'}
      </p>
      <ul className="mt-1 space-y-1">
        {events.map((e) => (
          <li key={e.productId}>
            <Link to={registroPath(e.productId)} className="font-semibold underline underline-offset-2">
              {e.productName}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * On an event's card: «Completa tu registro» while pending; else «Editar mis respuestas» while
 * its complete answers can still change (`editableUntil`, from the same call as the pending ones:
 * no call per event).
 */
export function RegistrationAction({
  productId,
  productName,
  pending,
  editableUntil,
}: {
  productId: string;
  productName: string;
  pending: boolean;
  editableUntil: number | null;
}) {
  const now = useNow();
  if (pending) {
    return (
      <ButtonLink to={registroPath(productId)} size="sm">
        <ClipboardList aria-hidden="true" className="h-4 w-4" /> {QUESTION_MSG.completeRegistration}{' '}
        <span className="sr-only">de {productName}</span>
      </ButtonLink>
    );
  }
  if (editableUntil === null || editableUntil <= now) return null;
  return (
    <Link
      to={registroPath(productId)}
      className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
    >
      Editar mis respuestas <span className="sr-only">de {productName}</span>
    </Link>
  );
}
