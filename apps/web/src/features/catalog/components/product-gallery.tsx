// Product image gallery (docs/product.md → Routes): a main image and thumbnails that swap it;
// an event without images shows the branded placeholder.
import { useState } from 'react';
import { cn } from '../../../components/ui/cn';
import { EventCover } from '../../../components/ui/event-cover';

export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  return (
    <div className="flex flex-col-reverse gap-3 self-start sm:flex-row sm:items-start">
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto sm:w-24 sm:flex-col" aria-label="Imágenes del evento">
          {images.map((src, i) => (
            <li key={src} className="w-20 shrink-0 sm:w-full">
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={`Ver imagen ${i + 1} de ${images.length}`}
                aria-pressed={i === selected}
                className={cn(
                  'block aspect-[4/3] w-full overflow-hidden rounded-lg border-2',
                  i === selected ? 'border-brand-600' : 'border-transparent hover:border-slate-300',
                )}
              >
                <img src={src} alt="" width={96} height={72} className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="aspect-[4/3] w-full flex-1 overflow-hidden rounded-xl bg-slate-100">
        {/* The page's largest paint: fetched first (the server render preloads it with this priority). */}
        <EventCover
          src={main}
          alt={main ? name : ''}
          width={800}
          height={600}
          fetchPriority="high"
          className="h-full w-full object-cover"
        />
      </div>
    </div>
  );
}
