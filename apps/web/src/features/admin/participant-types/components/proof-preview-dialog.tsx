// The proof of a participant-type request, fetched with the admin's token (the file has no
// URL of its own) and shown from a blob: an image inline, a PDF opened in a new tab or saved.
import { useEffect, useState } from 'react';
import { Download, ExternalLink } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { AdminParticipantRequest } from '@store/shared/schemas/admin/participant-types';
import { Alert } from '../../../../components/ui/alert';
import { Dialog } from '../../../../components/ui/dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { getProof } from '../api/participant-types';

export function ProofPreviewDialog({
  request,
  onClose,
}: {
  request: AdminParticipantRequest | null;
  onClose: () => void;
}) {
  const proof = useQuery({
    queryKey: ['admin', 'proof', request?._id],
    queryFn: ({ signal }) => getProof(request!._id, signal),
    enabled: Boolean(request),
    // Never kept: a private document lives only while the dialog shows it.
    gcTime: 0,
    staleTime: 0,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!proof.data) return undefined;
    const next = URL.createObjectURL(proof.data.blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [proof.data]);

  const isImage = proof.data?.blob.type.startsWith('image/') ?? false;
  return (
    <Dialog
      open={Boolean(request)}
      onClose={onClose}
      title="Comprobante"
      description={request ? `${request.member.name} · ${request.fileName}` : undefined}
      className="max-w-3xl"
    >
      {proof.isError ? (
        <Alert tone="error">{proof.error.message}</Alert>
      ) : !url || !proof.data ? (
        <Spinner label="Cargando el comprobante…" />
      ) : (
        <div className="space-y-4">
          {isImage ? (
            <img
              src={url}
              alt={`Comprobante de ${request?.member.name ?? ''}`}
              className="mx-auto max-h-[60vh] w-auto rounded-lg border border-slate-200"
            />
          ) : (
            <p className="text-sm text-slate-700">
              Es un PDF: ábrelo en otra pestaña para revisarlo con el visor del navegador.
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            {!isImage && (
              <a
                href={url}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                Abrir el PDF
              </a>
            )}
            <a
              href={url}
              download={proof.data.filename}
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50"
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              Descargar
            </a>
          </div>
        </div>
      )}
    </Dialog>
  );
}
