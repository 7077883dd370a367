// /pago/:orderId: how to finish paying an order held for cash at OXXO or a SPEI transfer (the
// voucher with its barcode, or the transfer data), and until when the seat is held. The page
// asks the server again every 15 s: once the order is paid it says so, with the way to Mis
// Productos; once it was closed unpaid it says the payment window ended.
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, TimerOff } from 'lucide-react';
import { orderReference } from '@store/shared/domain/order-reference';
import { PAY_MSG } from '@store/shared/payment-messages';
import type { InstructionsResponse } from '@store/shared/schemas/mx-payments';
import { Seo } from '../../../components/layout/seo';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToken } from '../../../lib/auth-token';
import { deadlineText } from '../utils/payment-texts';
import { userQueryKeys } from '../../../lib/query-keys';
import { useOrderInstructions } from '../api/get-order-instructions';
import { OxxoVoucher } from './oxxo-voucher';
import { SpeiTransfer } from './spei-transfer';

export interface PaymentPageProps {
  orderId: string;
  /** What the order call answered, when the buyer comes straight from the checkout. */
  placed?: InstructionsResponse | null;
  /** Opens the browser's print dialog (tests replace it). */
  print?: () => void;
}

export function PaymentPage({ orderId, placed, print = () => window.print() }: PaymentPageProps) {
  const query = useOrderInstructions(orderId, placed);
  const queryClient = useQueryClient();
  const token = useToken();
  const status = query.data?.status;

  // Paid or closed while the page was open: what the buyer owns (and the seats left) changed.
  useEffect(() => {
    if (status === undefined || status === 'pendiente') return;
    void queryClient.invalidateQueries({ queryKey: userQueryKeys.orders(token), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
  }, [status, queryClient, token]);

  const instructions = query.data?.instructions ?? null;
  const [before, accent] =
    instructions?.kind === 'oxxo'
      ? ['PAGA EN ', 'OXXO']
      : instructions?.kind === 'spei'
        ? ['TRANSFIERE POR ', 'SPEI']
        : ['TU ', 'PAGO'];

  return (
    <main>
      <Seo title="Pago pendiente" description="Cómo terminar de pagar tu orden." noindex />
      <Container narrow className="py-8 lg:py-12 print:py-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {before}
          <span className="text-brand-700">{accent}</span>
        </h1>
        <p className="mt-1 text-sm text-slate-600">Orden {orderReference(orderId)}</p>
        <div className="mt-6">
          {query.isError ? (
            <Alert tone="error" title={query.error.message} live>
              <BackToOrders />
            </Alert>
          ) : query.isPending ? (
            <div aria-busy="true" className="space-y-4">
              <p className="sr-only" role="status">
                Cargando tu ficha de pago…
              </p>
              <Skeleton className="h-12 w-full rounded-xl" />
              <Skeleton className="h-96 w-full rounded-xl" />
            </div>
          ) : query.data.status === 'pagado' ? (
            <Outcome
              icon={<CheckCircle2 aria-hidden="true" className="h-10 w-10 text-emerald-700" />}
              title="¡Recibimos tu pago!"
            >
              Tu compra está confirmada y te enviamos la confirmación por correo. Ya puedes ver tus eventos en
              Mis Productos.
            </Outcome>
          ) : query.data.status === 'cancelado' ? (
            <Outcome
              icon={<TimerOff aria-hidden="true" className="h-10 w-10 text-slate-500" />}
              title="El plazo para pagar terminó"
              extra={
                <ButtonLink to="/collection" variant="secondary">
                  Ver eventos
                </ButtonLink>
              }
            >
              No recibimos el pago a tiempo, así que liberamos tu lugar. Si todavía quieres asistir, vuelve a
              comprarlo. Si pagaste después del vencimiento te avisaremos por correo: confirmamos tu compra si
              el lugar sigue libre o te reembolsamos el importe completo.
            </Outcome>
          ) : query.data.status !== 'pendiente' ? (
            <Outcome title="Esta orden ya no espera un pago">Consulta su estado en Mis Productos.</Outcome>
          ) : !instructions ? (
            <Alert tone="info" title={PAY_MSG.instructionsNotFound}>
              <BackToOrders />
            </Alert>
          ) : (
            <div className="space-y-6">
              <Alert
                tone="info"
                title={`Tu lugar está apartado hasta el ${deadlineText(instructions.expiresAt)}.`}
              >
                <span className="print:hidden">
                  Esta página se actualiza sola: cuando recibamos tu pago lo verás aquí y te llegará un
                  correo. También la encuentras en Mis Productos, en «Ver ficha de pago».
                </span>
              </Alert>
              {instructions.kind === 'oxxo' ? (
                <OxxoVoucher voucher={instructions} onPrint={print} />
              ) : (
                <SpeiTransfer transfer={instructions} onPrint={print} />
              )}
              <p className="flex items-center gap-2 text-sm text-slate-600 print:hidden" role="status">
                <Clock aria-hidden="true" className="h-4 w-4 shrink-0" /> Esperando tu pago…
              </p>
            </div>
          )}
        </div>
      </Container>
    </main>
  );
}

function BackToOrders() {
  return (
    <ButtonLink to="/orders" variant="secondary" size="sm" className="mt-2">
      Ir a Mis Productos
    </ButtonLink>
  );
}

function Outcome({
  icon,
  title,
  children,
  extra,
}: {
  icon?: ReactNode;
  title: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <section role="status" className="rounded-xl border border-slate-200 p-6 text-center sm:p-10">
      {icon && <div className="flex justify-center">{icon}</div>}
      <h2 className="mt-3 text-xl font-bold">{title}</h2>
      <p className="mx-auto mt-2 max-w-prose text-pretty text-slate-700">{children}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/orders">Ir a Mis Productos</ButtonLink>
        {extra}
      </div>
    </section>
  );
}
