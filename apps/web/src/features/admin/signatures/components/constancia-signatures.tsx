// «Firmas de la constancia» (docs/attendance.md → Signatures): up to three people who sign the
// constancias, each with a name, a title and optionally the image of the signature (printed
// above the line; without it the line is left to sign by hand). Per event on the event's page
// (an event without its own set prints the association's default one), and for the default set
// on /admin/attendance. The sample PDF shows how the saved set prints on Carta and on A4.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { FileText, ImagePlus, Plus, Trash2, X } from 'lucide-react';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import {
  adminSignaturesBody,
  MAX_SIGNATURES,
  SIGNATURE_IMAGE_MAX_BYTES,
  type AdminSignature,
  type AdminSignatureImage,
  type AdminSignaturesResponse,
  type ConstanciaPaper,
} from '@store/shared/schemas/admin/signatures';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FieldError, TextField } from '../../../../components/ui/input';
import { Skeleton } from '../../../../components/ui/skeleton';
import { Spinner } from '../../../../components/ui/spinner';
import { formResolver } from '../../../../lib/form-resolver';
import { errorMessage, notify } from '../../../../lib/notify';
import { saveFile } from '../../../../lib/save-file';
import {
  signatureImage,
  signaturePreview,
  uploadSignatureImage,
  useConstanciaSignatures,
  useSaveConstanciaSignatures,
} from '../api/constancia-signatures';

type ImageValue =
  | { kind: 'none' }
  /** The image of a saved signature: this set's, or the default set's when an event copies it. */
  | { kind: 'saved'; signatureId: string }
  | { kind: 'uploaded'; key: string; previewUrl: string };

interface SignatureRow {
  name: string;
  title: string;
  image: ImageValue;
}
interface FormValues {
  signatures: SignatureRow[];
}

const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const TITLE_EXAMPLES = ['Presidente', 'Coordinador académico', 'Secretario'];
const PAPERS: { paper: ConstanciaPaper; label: string }[] = [
  { paper: 'carta', label: 'Vista previa (Carta)' },
  { paper: 'a4', label: 'Vista previa (A4)' },
];

const emptyRow = (): SignatureRow => ({ name: '', title: '', image: { kind: 'none' } });
const toRows = (list: readonly AdminSignature[]): SignatureRow[] =>
  list.map((s) => ({
    name: s.name,
    title: s.title,
    image: s.hasImage ? { kind: 'saved', signatureId: s._id } : { kind: 'none' },
  }));
const toImage = (v: ImageValue): AdminSignatureImage =>
  v.kind === 'none' ? null : v.kind === 'saved' ? { signatureId: v.signatureId } : { key: v.key };

export function ConstanciaSignatures({ productId }: { productId: string | null }) {
  const set = useConstanciaSignatures(productId);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Firmas de la constancia</CardTitle>
        <CardDescription>
          {productId
            ? 'Quién firma las constancias de este evento: hasta tres personas, con su nombre, su cargo y, si quieres, la imagen de su firma.'
            : 'Las firmas predeterminadas de la asociación: las llevan las constancias de todo evento que no tenga firmas propias. Hasta tres personas, con su nombre, su cargo y, si quieres, la imagen de su firma.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {set.isPending ? (
          <Skeleton className="h-32 w-full rounded-lg" />
        ) : set.isError ? (
          <Alert tone="error">{set.error.message}</Alert>
        ) : (
          <SignaturesBody key={productId ?? 'default'} productId={productId} data={set.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SignaturesBody({ productId, data }: { productId: string | null; data: AdminSignaturesResponse }) {
  const [choosingOwn, setChoosingOwn] = useState(false);
  const ownForm = productId === null || !data.usesDefault || choosingOwn;
  if (!ownForm) {
    return (
      <div className="space-y-4">
        <Alert tone="info" title="Este evento usa las firmas predeterminadas de la asociación">
          {data.defaults.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {data.defaults.map((s) => (
                <li key={s._id}>
                  {s.name} · {s.title}
                  {s.hasImage ? '' : ' (se firma a mano)'}
                </li>
              ))}
            </ul>
          ) : (
            'La asociación aún no tiene firmas predeterminadas: la constancia lleva una línea para la firma autorizada, que se firma a mano.'
          )}
          <p className="mt-2">Las predeterminadas se editan en Asistencia y constancias.</p>
        </Alert>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => setChoosingOwn(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Usar firmas propias
          </Button>
          <PreviewButtons productId={productId} />
        </div>
      </div>
    );
  }
  const initial =
    productId !== null && data.usesDefault
      ? data.defaults.length > 0
        ? toRows(data.defaults)
        : [emptyRow()]
      : toRows(data.signatures);
  return (
    <SignaturesForm
      // A save answers new ids: the form starts again from what was saved.
      key={`${choosingOwn}:${data.signatures.map((s) => s._id).join(',')}`}
      productId={productId}
      initial={initial}
      ownSaved={productId !== null && !data.usesDefault}
      onCancel={productId !== null && data.usesDefault ? () => setChoosingOwn(false) : undefined}
      onBackToDefault={() => setChoosingOwn(false)}
    />
  );
}

function SignaturesForm({
  productId,
  initial,
  ownSaved,
  onCancel,
  onBackToDefault,
}: {
  productId: string | null;
  initial: SignatureRow[];
  /** The event has its own set saved (it may go back to the default one). */
  ownSaved: boolean;
  /** An event choosing its own set, not saved yet: back to the default one without saving. */
  onCancel?: () => void;
  onBackToDefault: () => void;
}) {
  const resolver = useMemo(
    () =>
      formResolver<FormValues>(adminSignaturesBody, (v) => ({
        productId,
        signatures: v.signatures.map((s) => ({ name: s.name, title: s.title, image: toImage(s.image) })),
      })),
    [productId],
  );
  const { register, control, handleSubmit, formState, watch, setValue } = useForm<FormValues>({
    defaultValues: { signatures: initial },
    resolver,
  });
  const rows = useFieldArray({ control, name: 'signatures' });
  const values = watch('signatures');
  const errors = formState.errors;
  const save = useSaveConstanciaSignatures();
  const [serverError, setServerError] = useState<string | null>(null);
  const [imageErrors, setImageErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<string | null>(null);
  // Object URLs of the images picked here (their previews), released when the form goes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const pick = async (index: number, fieldId: string, file: File) => {
    setImageErrors(({ [fieldId]: _, ...rest }) => rest);
    const refusal = !IMAGE_TYPES.includes(file.type)
      ? ADMIN_MSG.signatureImageType
      : file.size > SIGNATURE_IMAGE_MAX_BYTES
        ? ADMIN_MSG.signatureImageTooLarge
        : null;
    if (refusal) {
      setImageErrors((e) => ({ ...e, [fieldId]: refusal }));
      return;
    }
    setUploading(fieldId);
    try {
      const key = await uploadSignatureImage(file);
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      setValue(`signatures.${index}.image`, { kind: 'uploaded', key, previewUrl }, { shouldDirty: true });
    } catch (err) {
      setImageErrors((e) => ({ ...e, [fieldId]: errorMessage(err, ADMIN_MSG.signatureImageType) }));
    } finally {
      setUploading(null);
    }
  };

  // Awaited rather than given callbacks: a save answers new ids and the form starts again
  // from them (a new form), and the toast must still say it was saved.
  const send = async (signatures: SignatureRow[]) => {
    try {
      const res = await save.mutateAsync({
        productId,
        signatures: signatures.map((s) => ({ name: s.name, title: s.title, image: toImage(s.image) })),
      });
      setServerError(null);
      notify.success(res.message ?? ADMIN_MSG.signaturesSaved);
      if (res.usesDefault) onBackToDefault();
    } catch (err) {
      const text = errorMessage(err, 'No se pudieron guardar las firmas');
      setServerError(text);
      notify.error(text);
    }
  };

  const busy = uploading !== null || save.isPending;
  return (
    <form onSubmit={handleSubmit((v) => send(v.signatures))} noValidate className="space-y-5">
      {serverError ? (
        <Alert tone="error" title="No se guardaron las firmas" live>
          {serverError}
        </Alert>
      ) : null}
      {rows.fields.length === 0 ? (
        <p className="text-sm text-slate-600">
          {productId === null
            ? 'Sin firmas, la constancia lleva una línea para la firma autorizada de la asociación, que se firma a mano.'
            : 'Sin firmas propias, el evento usa las predeterminadas de la asociación.'}
        </p>
      ) : null}
      <ol className="space-y-4">
        {rows.fields.map((field, i) => {
          const image = values[i]?.image ?? { kind: 'none' };
          const rowErrors = errors.signatures?.[i];
          const imageError = imageErrors[field.id] ?? rowErrors?.image?.message;
          const inputId = `signature-image-${field.id}`;
          return (
            <li key={field.id} className="rounded-lg border border-slate-200 p-3 sm:p-4">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-ink">Firma {i + 1}</h3>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  aria-label={`Quitar la firma ${i + 1}`}
                  onClick={() => rows.remove(i)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" /> Quitar
                </Button>
              </div>
              <div className="mt-2 grid grid-cols-1 gap-4 md:grid-cols-[1fr_1fr_auto]">
                <TextField
                  label="Nombre"
                  placeholder="Dra. Lucía Fernández Gómez"
                  autoComplete="off"
                  error={rowErrors?.name?.message}
                  {...register(`signatures.${i}.name`)}
                />
                <TextField
                  label="Cargo"
                  placeholder={TITLE_EXAMPLES[i] ?? TITLE_EXAMPLES[0]}
                  autoComplete="off"
                  error={rowErrors?.title?.message}
                  {...register(`signatures.${i}.title`)}
                />
                <div className="min-w-0 md:w-56">
                  <p className="block text-sm font-medium text-ink" id={`${inputId}-label`}>
                    Imagen de la firma
                  </p>
                  <div className="mt-1 flex h-20 items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50">
                    {uploading === field.id ? (
                      <Spinner label="Subiendo la imagen…" className="py-0" />
                    ) : image.kind === 'uploaded' ? (
                      <img
                        src={image.previewUrl}
                        alt={`Firma ${i + 1}`}
                        className="max-h-full max-w-full object-contain"
                      />
                    ) : image.kind === 'saved' ? (
                      <SavedImage signatureId={image.signatureId} alt={`Firma ${i + 1}`} />
                    ) : (
                      <span className="px-2 text-center text-xs text-slate-600">
                        Sin imagen: se firma a mano
                      </span>
                    )}
                  </div>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <label
                      htmlFor={inputId}
                      className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-ink hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600"
                    >
                      <ImagePlus aria-hidden="true" className="h-4 w-4" />
                      {image.kind === 'none' ? 'Elegir imagen' : 'Cambiar imagen'}
                      <input
                        id={inputId}
                        type="file"
                        accept="image/png,image/jpeg"
                        className="sr-only"
                        disabled={busy}
                        aria-describedby={imageError ? `${inputId}-error` : `${inputId}-hint`}
                        aria-label={`Imagen de la firma ${i + 1} (PNG o JPG)`}
                        onChange={(e) => {
                          const file = e.target.files?.[0];
                          e.target.value = '';
                          if (file) void pick(i, field.id, file);
                        }}
                      />
                    </label>
                    {image.kind !== 'none' ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={busy}
                        onClick={() =>
                          setValue(`signatures.${i}.image`, { kind: 'none' }, { shouldDirty: true })
                        }
                      >
                        <X aria-hidden="true" className="h-4 w-4" /> Quitar imagen
                      </Button>
                    ) : null}
                  </div>
                  {imageError ? null : (
                    <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
                      PNG o JPG de hasta 1 MB, de preferencia con fondo transparente.
                    </p>
                  )}
                  <FieldError id={`${inputId}-error`}>{imageError}</FieldError>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.signatures?.message ? <FieldError>{errors.signatures.message}</FieldError> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          disabled={busy || rows.fields.length >= MAX_SIGNATURES}
          onClick={() => rows.append(emptyRow())}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> Agregar firma
        </Button>
        <span className="text-sm text-slate-600">Hasta tres firmas.</span>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
        <Button type="submit" loading={save.isPending} disabled={uploading !== null}>
          Guardar firmas
        </Button>
        {onCancel ? (
          <Button variant="ghost" disabled={busy} onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
        {ownSaved ? (
          <Button variant="ghost" disabled={busy} onClick={() => void send([])}>
            Volver a las predeterminadas
          </Button>
        ) : null}
        <PreviewButtons productId={productId} />
      </div>
      <p className="text-sm text-slate-600">
        Cada firma se imprime sobre una línea, con el nombre y el cargo debajo; sin imagen queda el espacio
        para firmar a mano. La vista previa muestra cómo se imprimen en Carta y en A4 las firmas guardadas.
      </p>
    </form>
  );
}

function SavedImage({ signatureId, alt }: { signatureId: string; alt: string }) {
  const file = useQuery({
    queryKey: ['admin', 'constancia-signatures', 'image', signatureId],
    queryFn: ({ signal }) => signatureImage(signatureId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return undefined;
    const next = URL.createObjectURL(file.data.blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [file.data]);
  if (file.isError)
    return <span className="px-2 text-center text-xs text-red-700">{file.error.message}</span>;
  if (!url) return <Spinner label="Cargando la imagen…" className="py-0" />;
  return <img src={url} alt={alt} className="max-h-full max-w-full object-contain" />;
}

function PreviewButtons({ productId }: { productId: string | null }) {
  const [opening, setOpening] = useState<ConstanciaPaper | null>(null);
  const open = async (paper: ConstanciaPaper) => {
    // Opened now, while the click counts as the user's: a tab opened after the download would be blocked.
    const tab = window.open('', '_blank');
    setOpening(paper);
    try {
      const file = await signaturePreview(productId, paper);
      if (tab) {
        const url = URL.createObjectURL(file.blob);
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        saveFile(file);
      }
    } catch (err) {
      tab?.close();
      notify.error(errorMessage(err, 'No se pudo preparar la vista previa'));
    } finally {
      setOpening(null);
    }
  };
  return (
    <>
      {PAPERS.map(({ paper, label }) => (
        <Button key={paper} variant="secondary" loading={opening === paper} onClick={() => void open(paper)}>
          <FileText aria-hidden="true" className="h-4 w-4" /> {label}
        </Button>
      ))}
    </>
  );
}
