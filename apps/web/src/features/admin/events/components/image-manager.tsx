// Event images: upload (type and size checked by the server), reorder, remove. The first
// image is the cover shown in the catalogue.
import { useId, useRef } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react';
import { Button, buttonVariants } from '../../../../components/ui/button';
import { FieldError } from '../../../../components/ui/input';
import { useUploadImage } from '../api/upload-image';
import { errorMessage, notify } from '../../../../lib/notify';

export const MAX_IMAGES = 10;
const MAX_BYTES = 5 * 1024 * 1024;

export function ImageManager({
  images,
  onChange,
  error,
}: {
  images: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();

  const onFiles = async (files: FileList | null) => {
    if (!files) return;
    let next = images;
    for (const file of Array.from(files).slice(0, MAX_IMAGES - images.length)) {
      if (file.size > MAX_BYTES) {
        notify.error(`«${file.name}»: la imagen no puede pesar más de 5 MB`);
        continue;
      }
      try {
        const url = await upload.mutateAsync(file);
        next = [...next, url];
        onChange(next);
      } catch (err) {
        notify.error(`«${file.name}»: ${errorMessage(err, 'No se pudo subir la imagen')}`);
      }
    }
    if (input.current) input.current.value = '';
  };

  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  return (
    <div>
      {images.length > 0 && (
        <ul className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((src, i) => (
            <li key={`${src}-${i}`} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              <div className="relative">
                <img
                  src={src}
                  alt={`Imagen ${i + 1}`}
                  className="aspect-[4/3] w-full bg-slate-100 object-cover"
                />
                {i === 0 && (
                  <span className="absolute top-2 left-2 rounded bg-ink/85 px-2 py-0.5 text-xs font-semibold text-white">
                    Portada
                  </span>
                )}
              </div>
              <div className="flex justify-between gap-1 p-1">
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Mover la imagen ${i + 1} a la izquierda`}
                >
                  <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onChange(images.filter((_, j) => j !== i))}
                  aria-label={`Quitar la imagen ${i + 1}`}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={i === images.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Mover la imagen ${i + 1} a la derecha`}
                >
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        multiple
        className="sr-only"
        disabled={upload.isPending || images.length >= MAX_IMAGES}
        onChange={(e) => void onFiles(e.target.files)}
      />
      <label
        htmlFor={inputId}
        className={buttonVariants({
          variant: 'secondary',
          className: images.length >= MAX_IMAGES ? 'pointer-events-none opacity-60' : 'cursor-pointer',
        })}
      >
        <ImagePlus aria-hidden="true" className="h-4 w-4" />
        {upload.isPending ? 'Subiendo…' : 'Subir imágenes'}
      </label>
      <p className="mt-2 text-sm text-slate-600">
        JPG, PNG, WebP, GIF o AVIF de hasta 5 MB; hasta {MAX_IMAGES} imágenes. La primera es la portada.
      </p>
      <FieldError>{error}</FieldError>
    </div>
  );
}
