// Request and response shapes of /api/admin/uploads: image uploads for events.

import { z } from 'zod';

export const adminUploadResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  message: z.string().optional(),
});
export type AdminUploadResponse = z.infer<typeof adminUploadResponse>;
