// An order's short reference as a link to its detail, with a second line below it (the
// order's date unless the caller gives another).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { orderReference } from '@store/shared/domain/order-reference';
import { cn } from '../ui/cn';
import { formatDateTime } from '@store/shared/domain/time';

export function OrderRef({
  id,
  date,
  detail,
  className,
}: {
  id: string;
  date?: number;
  detail?: ReactNode;
  className?: string;
}) {
  return (
    <>
      <Link
        to={`/admin/orders/${id}`}
        className={cn('font-mono font-semibold text-brand-700 underline-offset-2 hover:underline', className)}
      >
        {orderReference(id)}
      </Link>
      <span className="block text-xs text-slate-500">
        {detail ?? (date === undefined ? null : formatDateTime(date))}
      </span>
    </>
  );
}
