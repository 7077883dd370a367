// Hands a downloaded file to the browser's "save" (an object URL on a temporary link), for
// files the API only gives with the token header (a plain link could not send it).
import type { DownloadedFile } from './api-download';

export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
