// What an event needs before it is published (docs/product.md → Drafts and publishing). A draft
// may be saved half-filled; publishing it puts it in the catalogue, the home page and every
// sale, so the store asks first for what buyers see: its name, a price, days still to come and
// a cover image, and a description. Pure: the caller passes the event and its clock.

import { hasEnded, type Timed } from './event-days';

/** One part of an event that publishing needs, in the order the form shows them. */
export const PUBLISH_PARTS = ['name', 'description', 'price', 'image', 'days', 'upcomingDay'] as const;
export type PublishPart = (typeof PUBLISH_PARTS)[number];

export interface PublishableEvent {
  name: string;
  description: string;
  /** The event has a price: its general price, or a General step of the fee schedule without an end. */
  hasPrice: boolean;
  image: readonly string[];
  days: readonly Timed[];
}

/** What the event still lacks to be published at `now` (empty: it may be published). */
export function missingToPublish(event: PublishableEvent, now: Date | number): PublishPart[] {
  const missing = new Set<PublishPart>();
  if (event.name.trim() === '') missing.add('name');
  if (event.description.trim() === '') missing.add('description');
  if (!event.hasPrice) missing.add('price');
  if (event.image.length === 0) missing.add('image');
  if (event.days.length === 0) missing.add('days');
  // A copy of last year's edition keeps its old dates: published as is, it would be a finished
  // event in the catalogue from its first minute.
  else if (event.days.every((d) => hasEnded(d, now))) missing.add('upcomingDay');
  return PUBLISH_PARTS.filter((p) => missing.has(p));
}
