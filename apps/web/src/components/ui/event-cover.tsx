// An event's cover: its first image, or, for an event without one, a branded placeholder drawn
// in the style of the association's covers (navy gradient, fine grid, heartbeat trace, category
// pill, the short name), never an empty grey box (docs/product.md → Drafts and publishing).
import { useId, type ComponentProps } from 'react';
import { site } from '../../config/site';

export function EventCover({
  src,
  label,
  compact,
  className,
  ...img
}: Omit<ComponentProps<'img'>, 'src'> & {
  src: string | undefined;
  /** Printed in the placeholder's pill (the event's category). */
  label?: string;
  /** A thumbnail: the placeholder without its texts. */
  compact?: boolean;
}) {
  // The placeholder takes the image's classes: the same box, in place of the picture.
  if (src) return <img src={src} className={className} {...img} />;
  return <EventCoverPlaceholder label={label} compact={compact} className={className} />;
}

export function EventCoverPlaceholder({
  label,
  compact,
  className,
}: {
  label?: string;
  compact?: boolean;
  className?: string;
}) {
  // Ids referenced by url(#…): only characters every SVG parser reads there.
  const id = `cover-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const text = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
  const pill = label?.toUpperCase();
  return (
    <svg
      viewBox="0 0 800 600"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-placeholder=""
      // The caller's classes replace the default size (cn does not merge conflicting utilities).
      className={className ?? 'block h-full w-full'}
    >
      <defs>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#13233f" />
          <stop offset="1" stopColor="#2b4a7c" />
        </linearGradient>
        <pattern id={`${id}p`} width="32" height="32" patternUnits="userSpaceOnUse">
          <path d="M32 0H0v32" fill="none" stroke="#fff" strokeOpacity=".06" />
        </pattern>
      </defs>
      <rect width="800" height="600" fill={`url(#${id}g)`} />
      <rect width="800" height="600" fill={`url(#${id}p)`} />
      <circle cx="400" cy="270" r="200" fill="#fff" fillOpacity=".05" />
      {/* The association's heart, with its heartbeat running across the cover. */}
      <path
        d="M400 372c-64-44-94-81-86-119 8-38 56-49 86-13 30-36 78-25 86 13 8 38-22 75-86 119Z"
        fill="#fff"
        fillOpacity=".92"
      />
      <path
        d="M0 286h318l14-30 22 62 20-96 18 86 12-22h396"
        fill="none"
        stroke="#e16a78"
        strokeWidth="9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {!compact && (
        <>
          {pill && (
            <g transform="translate(56 44)">
              <rect width={36 + pill.length * 11.5} height="36" rx="18" fill="#fff" fillOpacity=".14" />
              <text
                x="18"
                y="24"
                fontFamily={text}
                fontSize="15"
                fontWeight="700"
                letterSpacing="1.2"
                fill="#f6c9ce"
              >
                {pill}
              </text>
            </g>
          )}
          <rect x="56" y="530" width="64" height="5" rx="2.5" fill="#e16a78" />
          <text
            x="744"
            y="540"
            textAnchor="end"
            fontFamily={text}
            fontSize="22"
            fontWeight="800"
            letterSpacing="4"
            fill="#fff"
            fillOpacity=".85"
          >
            {site.shortName}
          </text>
        </>
      )}
    </svg>
  );
}
