// The signatures card of the back office (docs/attendance.md → Signatures): picking a row's
// image file, and waiting until a preview image has really loaded.
import { expect, type Locator, type Page } from '@playwright/test';

export async function pickImage(row: Locator, name: string, buffer: Buffer, mimeType = 'image/png') {
  await row.getByLabel(/Imagen de la firma \d \(PNG o JPG\)/).setInputFiles({ name, mimeType, buffer });
}

export async function imageLoaded(page: Page, name: string) {
  const img = page.getByRole('img', { name });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(360);
}
