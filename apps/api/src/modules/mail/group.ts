// E-mails of a change of a group order's places (docs/groups.md): one to each person named,
// one to each person who held a place given to someone else, and one summary to the buyer
// (catalogue/place-*.ts). Enqueued in the change's transaction, so they go out if and only if
// it commits.

import type { Queryable } from '../../db/client';
import { placeAssignedEmail } from './catalogue/place-assigned';
import { placeConfirmationEmail } from './catalogue/place-confirmation';
import { placeWithdrawnEmail } from './catalogue/place-withdrawn';
import { withGreetingNames } from './greeting';
import { enqueueEmails, type OutgoingEmail } from './outbox';
import type { MailSettings } from './settings';

export interface PlacesMail {
  orderId: string;
  change: string;
  productName: string;
  buyer: { name: string; email: string };
  people: readonly {
    name: string;
    accountName: string;
    email: string;
    previous: { name: string; email: string } | null;
    days: readonly { label: string; startsAt: Date }[];
    presential: boolean;
    setPasswordToken: string | null;
    /** The event whose registration questions they still have to answer (null: none). */
    registrationProductId?: string | null;
  }[];
  tokenDays: number;
}

export async function enqueuePlaceEmails(
  db: Queryable,
  settings: MailSettings,
  m: PlacesMail,
): Promise<void> {
  // Everyone greeted (and named to the others) by the accented name they set for their
  // constancias; an account made now has the name the buyer typed.
  const greet = await withGreetingNames(db, [
    m.buyer,
    ...m.people.flatMap((p) => [
      { name: p.accountName, email: p.email },
      ...(p.previous ? [p.previous] : []),
    ]),
  ]);
  m = {
    ...m,
    buyer: greet(m.buyer.email, m.buyer),
    people: m.people.map((p) => ({
      ...p,
      accountName: greet(p.email, { name: p.accountName, email: p.email }).name,
      previous: p.previous && greet(p.previous.email, p.previous),
    })),
  };
  const key = `lugares:${m.orderId}:${m.change}`;
  const out: OutgoingEmail[] = m.people.map((p) => ({
    ...placeAssignedEmail(settings, {
      to: { name: p.accountName, email: p.email },
      buyer: m.buyer,
      productName: m.productName,
      days: p.days,
      presential: p.presential,
      setPasswordToken: p.setPasswordToken,
      tokenDays: m.tokenDays,
      registrationProductId: p.registrationProductId ?? null,
    }),
    dedupeKey: `${key}:persona:${p.email}`,
  }));
  // Who lost places in this change, one e-mail each with every day they lost.
  const withdrawn = new Map<
    string,
    { to: { name: string; email: string }; days: { label: string; startsAt: Date }[] }
  >();
  for (const p of m.people) {
    if (!p.previous) continue;
    const found = withdrawn.get(p.previous.email) ?? { to: p.previous, days: [] };
    found.days.push(...p.days);
    withdrawn.set(p.previous.email, found);
  }
  for (const w of withdrawn.values()) {
    out.push({
      ...placeWithdrawnEmail(settings, {
        to: w.to,
        buyer: m.buyer,
        productName: m.productName,
        days: w.days,
      }),
      dedupeKey: `${key}:anterior:${w.to.email}`,
    });
  }
  out.push({
    ...placeConfirmationEmail(settings, {
      orderId: m.orderId,
      buyer: m.buyer,
      productName: m.productName,
      people: m.people,
    }),
    dedupeKey: `${key}:comprador`,
  });
  // One statement for the whole change.
  await enqueueEmails(db, out);
}
