// Enqueues the offer of a freed seat (mail/catalogue/waitlist-offer.ts) in the offer's
// transaction; the dedupe key (the entry) sends it once.

import type { Queryable } from '../../db/client';
import { waitlistOfferEmail } from '../mail/catalogue/waitlist-offer';
import { enqueueEmail } from '../mail/outbox';
import type { MailSettings } from '../mail/settings';

export interface WaitlistOfferMail {
  entryId: string;
  to: string;
  name: string;
  productName: string;
  label: string;
  startsAt: Date;
  expiresAt: Date;
  token: string;
}

export function waitlistClaimUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/lista-de-espera/reclamar?token=${encodeURIComponent(token)}`;
}

export async function enqueueWaitlistOffer(
  db: Queryable,
  settings: MailSettings,
  data: WaitlistOfferMail,
): Promise<void> {
  await enqueueEmail(db, {
    ...waitlistOfferEmail(settings, { ...data, claimUrl: waitlistClaimUrl(settings.publicUrl, data.token) }),
    dedupeKey: `lista-espera:oferta:${data.entryId}`,
  });
}
