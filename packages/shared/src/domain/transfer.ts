// When a bought day can be passed on to a colleague (docs/after-sale.md → Transfers): once
// it can no longer be cancelled by the terms (fewer than CANCELLATION_NOTICE_DAYS calendar
// days before) and until the day ends. Used by the API (the rule) and the web (whether to
// offer "Transferir a un colega").

import { canCancelDay } from './cancellation';

type Instant = Date | number;

/** Transfers of one day of a paid order before an administrator must allow another. */
export const TRANSFERS_PER_DAY = 1;

export type TransferWindow = 'cancel_instead' | 'open' | 'ended';

/** Where a day starting at `startsAt` and ending at `endsAt` stands at `now`. */
export function transferWindow(now: Instant, startsAt: Instant, endsAt: Instant): TransferWindow {
  if (new Date(now).getTime() >= new Date(endsAt).getTime()) return 'ended';
  if (canCancelDay(now, startsAt)) return 'cancel_instead';
  return 'open';
}
