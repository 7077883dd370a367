// The price on the product page (docs/fees.md): "Tu precio" for the signed-in member (their
// tier, step and scholarship, from the server), the general price for a visitor, how to get a
// preferential price, the event's fee table and its prerequisite. Nothing here is hard-coded:
// every number comes from the event's tiers.
import { Link } from 'react-router';
import { USER_TYPE_LABELS, type UserType } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { stepLastMinute } from '@store/shared/domain/pricing';
import { formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { MyPrice, Product } from '@store/shared/schemas/product';
import { Alert } from '../../../components/ui/alert';
import { feeRows, generalPrice, saleModeNote } from '../utils/fee-rows';

export interface PriceBlockProps {
  product: Product;
  myPrice: MyPrice | undefined;
  signedIn: boolean;
  now: number;
  /** Hide the fee table and prerequisite (a finished event). */
  compact?: boolean;
  /** The type the member asked for and the association has not reviewed yet. */
  pendingType?: UserType | null;
}

/** Where a member asks for a verified participant type (the card on Mi cuenta). */
export const PARTICIPANT_TYPE_LINK = '/account#tipo-de-participante';

export function PriceBlock({
  product,
  myPrice,
  signedIn,
  now,
  compact = false,
  pendingType = null,
}: PriceBlockProps) {
  const preferential = product.tiers.some((t) => t.userType !== 'general');
  const rows = feeRows(product);
  return (
    <div className="mt-4">
      {myPrice ? (
        <>
          <p className="text-3xl font-semibold" data-testid="tu-precio">
            <span className="mr-2 text-base font-medium text-slate-600">Tu precio</span>
            {formatPrice(myPrice.price)}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {saleModeNote(product)}
            {myPrice.userType !== 'general' &&
              ` · Cuota de ${USER_TYPE_LABELS[myPrice.userType].toLowerCase()}`}
            {myPrice.scholarship && ' con beca'}
            {myPrice.until !== null &&
              ` · Válida hasta el ${formatDateTime(stepLastMinute(myPrice.until))} (${MX_TIME_ZONE_LABEL})`}
          </p>
        </>
      ) : (
        <>
          <p className="text-3xl font-semibold">{formatPrice(generalPrice(product, now))}</p>
          <p className="mt-1 text-sm text-slate-600">
            {saleModeNote(product)}
            {preferential && ' · Precio general'}
          </p>
        </>
      )}
      {!compact && preferential && (!myPrice || myPrice.userType === 'general') && (
        <p className="mt-3 text-sm text-slate-700" data-testid="preferential-note">
          {signedIn && pendingType ? (
            <>
              Tu solicitud como {USER_TYPE_LABELS[pendingType].toLowerCase()} está en revisión: mientras la
              asociación verifica tu comprobante pagas la cuota general.{' '}
              <Link
                to={PARTICIPANT_TYPE_LINK}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                Ver mi solicitud
              </Link>
              .
            </>
          ) : signedIn ? (
            <>
              ¿Eres residente, especialista, enfermería, estudiante o personal del hospital sede? Tu cuota se
              aplica cuando la asociación verifica tu tipo de participante:{' '}
              <Link
                to={PARTICIPANT_TYPE_LINK}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                solicítalo con tu comprobante en Mi cuenta
              </Link>
              .
            </>
          ) : (
            <>
              <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
                Inicia sesión
              </Link>{' '}
              para ver tu precio según tu tipo de participante.
            </>
          )}
        </p>
      )}
      {!compact && product.requires && (
        <Alert tone="info" className="mt-4" title="Requiere inscripción al curso">
          Para inscribirte necesitas la inscripción a{' '}
          <Link
            to={`/product/${product.requires._id}`}
            className="font-semibold underline underline-offset-2"
          >
            {product.requires.name}
          </Link>
          : agrégalo a tu carrito junto con este evento o inscríbete primero.
        </Alert>
      )}
      {!compact && product.tiers.length > 0 && (
        <details className="mt-4 rounded-lg border border-slate-200 bg-white text-sm" open>
          <summary className="cursor-pointer px-4 py-2 font-semibold text-ink">Cuotas de este evento</summary>
          <table className="w-full border-t border-slate-200">
            <caption className="sr-only">Cuotas de {product.name} en pesos mexicanos</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Participante</th>
                <th scope="col">Cuota</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={`${r.participant}|${r.condition}|${r.amount}`}>
                  <th scope="row" className="px-4 py-2 text-left font-normal text-slate-700">
                    {r.participant}
                    {r.condition && <span className="block text-xs text-slate-500">{r.condition}</span>}
                  </th>
                  <td className="px-4 py-2 text-right font-semibold whitespace-nowrap">
                    {r.amount === 0 ? 'Sin costo' : formatPrice(r.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
