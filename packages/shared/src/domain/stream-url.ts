// Stream URL normalisation (docs/product.md → Streams): YouTube and Vimeo links become embed links; Vimeo
// event links also get a live chat panel. Any other host is refused (null), so a stream
// link can never embed an arbitrary page.

export interface StreamEmbed {
  provider: 'youtube' | 'vimeo';
  embedUrl: string;
  /** Vimeo event links only. */
  chatUrl: string | null;
}

const YOUTUBE_ID = /^[\w-]{6,20}$/;
const NUMERIC_ID = /^\d{1,15}$/;

export function normalizeStreamUrl(input: string | null | undefined): StreamEmbed | null {
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\.|^m\./, '');
  const parts = url.pathname.split('/').filter(Boolean);

  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    let id: string | undefined;
    if (host === 'youtu.be') id = parts[0];
    else if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'live', 'shorts', 'v'].includes(parts[0] ?? '')) id = parts[1];
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return { provider: 'youtube', embedUrl: `https://www.youtube.com/embed/${id}`, chatUrl: null };
  }

  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    if (host === 'player.vimeo.com') {
      if (parts[0] === 'video' && NUMERIC_ID.test(parts[1] ?? '')) {
        return { provider: 'vimeo', embedUrl: `https://player.vimeo.com/video/${parts[1]}`, chatUrl: null };
      }
      return null;
    }
    if (parts[0] === 'event' && NUMERIC_ID.test(parts[1] ?? '')) {
      const base = `https://vimeo.com/event/${parts[1]}`;
      return { provider: 'vimeo', embedUrl: `${base}/embed`, chatUrl: `${base}/chat` };
    }
    if (parts[0] === 'showcase' && NUMERIC_ID.test(parts[1] ?? '')) {
      return { provider: 'vimeo', embedUrl: `https://vimeo.com/showcase/${parts[1]}/embed`, chatUrl: null };
    }
    // vimeo.com/123 or vimeo.com/channels/x/123 or vimeo.com/123/abcdef (unlisted hash)
    const idIndex = parts.findIndex((p) => NUMERIC_ID.test(p));
    if (idIndex >= 0) {
      const id = parts[idIndex]!;
      const hash = parts[idIndex + 1];
      const h = hash && /^[0-9a-f]{6,20}$/i.test(hash) ? `?h=${hash}` : '';
      return { provider: 'vimeo', embedUrl: `https://player.vimeo.com/video/${id}${h}`, chatUrl: null };
    }
    return null;
  }
  return null;
}

export function isAcceptedStreamUrl(input: string): boolean {
  return normalizeStreamUrl(input) !== null;
}
