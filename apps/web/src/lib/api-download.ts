// Files the API generates (a CSV export, a receipt, a CFDI…): `apiDownload` makes the call as
// every other one (lib/api-client.ts: token header, the checkout line, 401 drops the token) and
// answers the blob and its name from Content-Disposition. Its own module: no page needs it to
// start (docs/speed.md → Initial JavaScript).
import { MSG } from '@store/shared/messages';
import { ApiError, send, type RequestOptions } from './api-client';

/** The server's Spanish message of a failed answer, or the generic one. */
async function failure(res: Response): Promise<ApiError> {
  const json = (await res.json().catch(() => null)) as { message?: unknown; reason?: unknown } | null;
  const message = typeof json?.message === 'string' && json.message ? json.message : MSG.serverError;
  return new ApiError(message, res.status, typeof json?.reason === 'string' ? json.reason : undefined);
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (filename* preferred), else `fallbackName`. */
  filename: string;
}

/** GET a file the API generates (a CSV export…), with the same token and error rules. */
export async function apiDownload(
  path: string,
  fallbackName: string,
  opts: Pick<RequestOptions, 'signal'> = {},
): Promise<DownloadedFile> {
  const res = await send(path, { method: 'GET', ...opts }, '*/*');
  if (!res.ok) throw await failure(res);
  return {
    blob: await res.blob(),
    filename: filenameOf(res.headers.get('content-disposition'), fallbackName),
  };
}

/** The file name a Content-Disposition header gives (RFC 6266: filename* wins over filename). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return (
    /filename\s*=\s*"([^"]+)"/.exec(disposition)?.[1] ??
    /filename\s*=\s*([^;\s]+)/.exec(disposition)?.[1] ??
    fallback
  );
}
