// Per-route title, description, canonical URL and Open Graph tags. React 19 hoists <title>,
// <meta> and <link> rendered anywhere into <head>, so each page renders one <Seo>.
import { useLocation } from 'react-router';
import { site } from '../../config/site';

/** Search engines show about 155 characters of a description; longer ones are cut there. */
export const DESCRIPTION_MAX = 155;

/** Whitespace folded, cut at a word boundary with an ellipsis when longer than `max`. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

export interface SeoProps {
  /** Page title without the brand; omit on the home page. */
  title?: string;
  /** Any length: folded and cut to DESCRIPTION_MAX characters (an event's whole text fits). */
  description?: string;
  /** Canonical path; defaults to the current path without its query string. */
  path?: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  type?: 'website' | 'article' | 'product';
  /** Pages that should not appear in search results (account, checkout). */
  noindex?: boolean;
}

export function Seo({
  title,
  description = site.description,
  path,
  image,
  type = 'website',
  noindex,
}: SeoProps) {
  const location = useLocation();
  const summary = clip(description, DESCRIPTION_MAX);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const url = `${origin}${path ?? location.pathname}`;
  const fullTitle = title ? `${title} · ${site.shortName}` : `${site.shortName} · ${site.tagline}`;
  const imageUrl = image
    ? image.startsWith('http')
      ? image
      : `${origin}${image}`
    : `${origin}/og-image.jpg`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      {noindex && <meta name="robots" content="noindex, nofollow" />}
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={site.shortName} />
      <meta property="og:locale" content={site.locale} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
