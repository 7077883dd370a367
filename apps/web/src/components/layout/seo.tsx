// Per-route title, description, canonical URL and Open Graph tags. React 19 hoists <title>,
// <meta> and <link> rendered anywhere into <head>, so each page renders one <Seo>. The server
// render gives the store's public origin (SiteOriginContext); the browser uses its own.
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { clipText, DESCRIPTION_MAX } from '@store/shared/domain/text';
import { previewImageUrl } from '@store/shared/site';
import { site } from '../../config/site';

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

/** The absolute origin of links in the tags; null = the browser's location. */
export const SiteOriginContext = createContext<string | null>(null);

export function Seo({
  title,
  description = site.description,
  path,
  image,
  type = 'website',
  noindex,
}: SeoProps) {
  const location = useLocation();
  const summary = clipText(description, DESCRIPTION_MAX);
  const origin =
    useContext(SiteOriginContext) ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const url = `${origin}${path ?? location.pathname}`;
  const fullTitle = title ? `${title} · ${site.shortName}` : `${site.shortName} · ${site.tagline}`;
  const imageUrl = previewImageUrl(image, origin);
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
