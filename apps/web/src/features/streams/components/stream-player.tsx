// One day's stream (docs/product.md → Streams): the link normalised to an embed (YouTube or Vimeo only), and
// the live chat beside it for Vimeo events. Without a usable link, MSG.noStreamForDay.
import { useState, type ReactNode } from 'react';
import { MessageSquare } from 'lucide-react';
import { normalizeStreamUrl, type StreamEmbed } from '@store/shared/domain/stream-url';
import { MSG } from '@store/shared/messages';

export interface StreamPlayerProps {
  productName: string;
  day: string;
  /** The day's stream link from the server, if any. */
  link: string | undefined;
  /**
   * What goes under the player (attendance), given the player's iframe once mounted. When set,
   * the embed asks for the provider's player API (YouTube's enablejsapi).
   */
  renderTracker?: (player: PlayerHandle) => ReactNode;
}

export interface PlayerHandle {
  day: string;
  provider: StreamEmbed['provider'];
  iframe: HTMLIFrameElement | null;
}

function withPlayerApi(embed: StreamEmbed): string {
  if (embed.provider !== 'youtube') return embed.embedUrl;
  const url = new URL(embed.embedUrl);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('origin', window.location.origin);
  return url.toString();
}

export function StreamPlayer({ productName, day, link, renderTracker }: StreamPlayerProps) {
  const embed = normalizeStreamUrl(link);
  const [iframe, setIframe] = useState<HTMLIFrameElement | null>(null);
  return (
    <section aria-label={day} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 className="font-semibold">{day}</h3>
      {embed ? (
        <div className={embed.chatUrl ? 'mt-3 grid gap-4 lg:grid-cols-[1fr_20rem]' : 'mt-3'}>
          <div className="aspect-video overflow-hidden rounded-lg bg-black">
            <iframe
              ref={setIframe}
              src={renderTracker ? withPlayerApi(embed) : embed.embedUrl}
              title={`Transmisión de ${productName}: ${day}`}
              className="h-full w-full"
              allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
          {embed.chatUrl && (
            <div className="flex min-h-96 flex-col overflow-hidden rounded-lg border border-slate-200">
              <p className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold">
                <MessageSquare aria-hidden="true" className="h-4 w-4" /> Chat en vivo
              </p>
              <iframe
                src={embed.chatUrl}
                title={`Chat en vivo de ${productName}: ${day}`}
                className="w-full flex-1"
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
          )}
        </div>
      ) : null}
      {embed && renderTracker?.({ day, provider: embed.provider, iframe })}
      {!embed && (
        <p className="mt-3 flex aspect-video max-h-48 items-center justify-center rounded-lg bg-slate-100 px-4 text-center text-sm text-slate-600">
          {MSG.noStreamForDay}
        </p>
      )}
    </section>
  );
}
