// GET /api/order/{orderId}/receipt: the receipt PDF of a paid order, saved by the browser.
import { orderReference } from '@store/shared/domain/order-reference';
import { apiDownload } from '../../../lib/api-download';
import { saveFile } from '../../../lib/save-file';

export async function downloadReceipt(orderId: string): Promise<void> {
  const file = await apiDownload(
    `/api/order/${encodeURIComponent(orderId)}/receipt`,
    `recibo-${orderReference(orderId)}.pdf`,
  );
  saveFile(file);
}
