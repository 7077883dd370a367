// An event's cover: its first image, or, for an event without one, the branded placeholder
// (public/images/event-cover.svg, in the style of the association's covers: navy gradient,
// fine grid, the heart and its heartbeat, the short name), never an empty grey box
// (docs/product.md → Drafts and publishing). A static file, not inline SVG: the home page's
// first script stays as light as it was, and browsers cache the one picture.
import type { ComponentProps } from 'react';

export const EVENT_COVER_PLACEHOLDER = '/images/event-cover.svg';

export function EventCover({
  src,
  ...img
}: Omit<ComponentProps<'img'>, 'src'> & { src: string | undefined }) {
  return src ? (
    <img src={src} {...img} />
  ) : (
    <img src={EVENT_COVER_PLACEHOLDER} data-placeholder="" {...img} />
  );
}
