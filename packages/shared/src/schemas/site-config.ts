// GET /api/site-config: facts about this installation that every page needs, such as
// whether payments are simulated (the local PayPal simulator of `npm run demo`).

import { z } from 'zod';
import { PAYMENTS_MODES } from '../constants';

// In the zod-free constants so the browser's first script reads them without zod.
export { PAYMENTS_MODE_ATTRIBUTE, PAYMENTS_MODES, type PaymentsMode } from '../constants';

export const siteConfig = z.object({
  /** simulated = the local PayPal simulator: no charge is real (every page says so). */
  paymentsMode: z.enum(PAYMENTS_MODES),
});
export type SiteConfig = z.infer<typeof siteConfig>;

export const siteConfigResponse = siteConfig.extend({ success: z.literal(true) });
export type SiteConfigResponse = z.infer<typeof siteConfigResponse>;
