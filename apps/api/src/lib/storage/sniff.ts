// What a file really is, read from its first bytes (file-type's magic numbers), never from
// its name or the Content-Type a browser declared; plus the size limit of the call. Shared
// by every upload: event images, and the private documents of later features (a
// participant-type proof is PDF/JPG/PNG up to 5 MB).

import { fileTypeFromBuffer } from 'file-type';

/** Kinds an upload may be; each feature accepts the few it needs. */
export const FILE_KINDS = {
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  avif: { mime: 'image/avif', ext: 'avif' },
  xml: { mime: 'application/xml', ext: 'xml' },
} as const;

export type FileKind = keyof typeof FILE_KINDS;

export interface SniffOptions {
  accept: readonly FileKind[];
  maxBytes: number;
}

export type SniffResult =
  | { ok: true; kind: FileKind; mime: string; ext: string }
  | { ok: false; reason: 'empty' | 'too_large' | 'type' };

export async function sniffFile(bytes: Uint8Array, opts: SniffOptions): Promise<SniffResult> {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > opts.maxBytes) return { ok: false, reason: 'too_large' };
  const detected = await fileTypeFromBuffer(bytes);
  const kind = opts.accept.find((k) => FILE_KINDS[k].mime === detected?.mime);
  if (!kind) return { ok: false, reason: 'type' };
  return { ok: true, kind, ...FILE_KINDS[kind] };
}
