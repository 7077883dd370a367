// Reads the one file of a multipart/form-data request (field "file") with a size limit and
// sniffs its type. The route's plugin registers @fastify/multipart; the caller turns each
// failure reason into its own Spanish message (400) and stores the bytes under a new key.
// Text fields sent before the file (e.g. a participant type) come back in `fields`.

import type { FastifyRequest } from 'fastify';
import { sniffFile, type FileKind, type SniffOptions } from './sniff';

export type ReceivedFile =
  | {
      ok: true;
      bytes: Buffer;
      kind: FileKind;
      mime: string;
      ext: string;
      filename: string;
      fields: Record<string, string>;
    }
  | { ok: false; reason: 'missing' | 'too_large' | 'type' };

export async function receiveFile(req: FastifyRequest, opts: SniffOptions): Promise<ReceivedFile> {
  if (!req.isMultipart()) return { ok: false, reason: 'missing' };
  let bytes: Buffer;
  let filename: string;
  const fields: Record<string, string> = {};
  try {
    const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
    if (!file || file.fieldname !== 'file') return { ok: false, reason: 'missing' };
    filename = file.filename;
    for (const [name, part] of Object.entries(file.fields)) {
      const first = Array.isArray(part) ? part[0] : part;
      if (first && first.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
    }
    bytes = await file.toBuffer();
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) {
      return { ok: false, reason: 'too_large' };
    }
    // A malformed body, too many parts or files: the same answer as no file at all.
    return { ok: false, reason: 'missing' };
  }
  const sniffed = await sniffFile(bytes, opts);
  if (!sniffed.ok) return { ok: false, reason: sniffed.reason === 'empty' ? 'missing' : sniffed.reason };
  return { ...sniffed, bytes, filename, fields };
}
