// The streams of one purchased product: one player per purchased day (docs/product.md → Streams), with the
// links the server gives only for paid days.
import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@store/shared/messages';
import type { OrderItem } from '@store/shared/schemas/order';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToken } from '../../../lib/auth-token';
import { notify } from '../../../lib/notify';
import { productStreamsQueryOptions } from '../api/get-product-streams';
import { StreamPlayer, type PlayerHandle } from './stream-player';

export interface ProductStreamsProps {
  item: OrderItem;
  /** Shown under each day's player (attendance), with the player's handle. */
  renderTracker?: (item: OrderItem, player: PlayerHandle) => ReactNode;
}

export function ProductStreams({ item, renderTracker }: ProductStreamsProps) {
  const token = useToken();
  const product = useQuery(productStreamsQueryOptions(item._id, token));
  const failed = product.isError;
  useEffect(() => {
    if (failed) notify.error(MSG.streamAccessError);
  }, [failed]);

  return (
    <article aria-labelledby={`stream-${item._id}`} className="space-y-4">
      <h2 id={`stream-${item._id}`} className="text-xl font-bold tracking-tight">
        {item.name}
      </h2>
      {item.days.length === 0 ? (
        <Alert>{MSG.noDaysInfo}</Alert>
      ) : failed ? (
        <Alert tone="error">{MSG.streamAccessError}</Alert>
      ) : product.isPending ? (
        <div className="space-y-4" aria-busy="true">
          {item.days.map((d) => (
            <Skeleton key={d} className="aspect-video max-h-[28rem] w-full rounded-xl" />
          ))}
        </div>
      ) : (
        item.days.map((day) => (
          <StreamPlayer
            key={day}
            productName={item.name}
            day={day}
            link={product.data.dayLinks[day]}
            {...(renderTracker
              ? { renderTracker: (player: PlayerHandle) => renderTracker(item, player) }
              : {})}
          />
        ))
      )}
    </article>
  );
}
