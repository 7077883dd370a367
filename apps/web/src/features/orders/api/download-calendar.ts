// GET /api/order/{orderId}/calendar: the .ics of the order's paid days, saved by the browser.
import { orderReference } from '@store/shared/domain/order-reference';
import { apiDownload } from '../../../lib/api-download';
import { saveFile } from '../../../lib/save-file';

export async function downloadCalendar(orderId: string): Promise<void> {
  const file = await apiDownload(
    `/api/order/${encodeURIComponent(orderId)}/calendar`,
    `evento-${orderReference(orderId)}.ics`,
  );
  saveFile(file);
}
