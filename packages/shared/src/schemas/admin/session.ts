// Request and response shapes of /api/admin/session: the signed-in administrator.

import { z } from 'zod';

export const adminSessionResponse = z.object({
  success: z.literal(true),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminSessionResponse = z.infer<typeof adminSessionResponse>;
