// E-mails of a group order's place (docs/groups.md): to the person named for it, to the buyer
// and, on a reassignment, to the person who held it before (catalogue/place-*.ts). Enqueued in
// the assignment's transaction, so they go out if and only if it commits.

import type { Queryable } from '../../db/client';
import { placeAssignedEmail } from './catalogue/place-assigned';
import { placeConfirmationEmail } from './catalogue/place-confirmation';
import { placeWithdrawnEmail } from './catalogue/place-withdrawn';
import { enqueueEmail } from './outbox';
import type { MailSettings } from './settings';

export interface PlaceMail {
  orderId: string;
  rowId: string;
  productName: string;
  days: { label: string; startsAt: Date }[];
  buyer: { name: string; email: string };
  to: { name: string; email: string };
  previous: { name: string; email: string } | null;
  setPasswordToken: string | null;
  tokenDays: number;
  at: Date;
}

export async function enqueuePlaceEmails(db: Queryable, settings: MailSettings, m: PlaceMail): Promise<void> {
  const key = `lugar:${m.rowId}:${m.at.getTime()}`;
  await enqueueEmail(db, { ...placeAssignedEmail(settings, m), dedupeKey: `${key}:persona` });
  await enqueueEmail(db, { ...placeConfirmationEmail(settings, m), dedupeKey: `${key}:comprador` });
  if (m.previous) {
    await enqueueEmail(db, {
      ...placeWithdrawnEmail(settings, { ...m, to: m.previous }),
      dedupeKey: `${key}:anterior`,
    });
  }
}
