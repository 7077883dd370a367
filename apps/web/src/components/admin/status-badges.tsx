// Status labels of orders, coupons and events, in Spanish, with the design system's tones.
import { ORDER_STATUS_LABELS, type OrderStatus } from '@store/shared/constants';
import { COUPON_STATE_LABELS, type CouponState } from '@store/shared/schemas/admin/coupons';
import { Badge, type BadgeTone } from '../ui/badge';

const ORDER_TONES: Record<OrderStatus, BadgeTone> = {
  pendiente: 'warning',
  pagado: 'success',
  cancelado: 'neutral',
  reembolsado: 'info',
  reembolso_parcial: 'info',
  transferido: 'neutral',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={ORDER_TONES[status]} className="whitespace-nowrap">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

const COUPON_TONES: Record<CouponState, BadgeTone> = {
  vigente: 'success',
  programado: 'info',
  expirado: 'neutral',
  agotado: 'warning',
  inactivo: 'neutral',
};

export function CouponStateBadge({ state }: { state: CouponState }) {
  return <Badge tone={COUPON_TONES[state]}>{COUPON_STATE_LABELS[state]}</Badge>;
}

/** Archived, a draft (seen only by staff) or in the store (docs/product.md → Drafts and publishing). */
export function EventStateBadge({ active, draft }: { active: boolean; draft: boolean }) {
  if (!active) return <Badge>Archivado</Badge>;
  return draft ? (
    <Badge tone="warning">Borrador</Badge>
  ) : (
    <Badge tone="success" className="whitespace-nowrap">
      En la tienda
    </Badge>
  );
}
