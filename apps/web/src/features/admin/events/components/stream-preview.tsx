// What a stream link becomes for the customer, with the same normalisation as the
// storefront (YouTube and Vimeo only), and an optional embedded preview.
import { useState } from 'react';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { normalizeStreamUrl } from '@store/shared/domain/stream-url';
import { Button } from '../../../../components/ui/button';

export function StreamPreview({ url, label }: { url: string; label: string }) {
  const [shown, setShown] = useState(false);
  if (!url.trim()) return null;
  const embed = normalizeStreamUrl(url);
  if (!embed) {
    return (
      <p className="mt-1 flex items-center gap-1.5 text-sm text-amber-900">
        <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
        No es un enlace de YouTube o Vimeo que podamos mostrar.
      </p>
    );
  }
  return (
    <div className="mt-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-emerald-800">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span>
          {embed.provider === 'youtube' ? 'YouTube' : 'Vimeo'}
          {embed.chatUrl ? ' · con chat en vivo' : ''}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="h-8"
          onClick={() => setShown((s) => !s)}
          aria-expanded={shown}
        >
          {shown ? 'Ocultar vista previa' : 'Ver vista previa'}
        </Button>
      </p>
      {shown && (
        <div className="mt-2 aspect-video w-full max-w-lg overflow-hidden rounded-lg bg-black">
          <iframe
            src={embed.embedUrl}
            title={`Vista previa de la transmisión de «${label || 'este día'}»`}
            className="h-full w-full"
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
            loading="lazy"
          />
        </div>
      )}
    </div>
  );
}
