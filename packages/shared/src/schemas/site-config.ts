// GET /api/site-config: facts about this installation that every page needs, such as
// whether payments are simulated (the local PayPal simulator of `npm run demo`).

import { z } from 'zod';

export const PAYMENTS_MODES = ['real', 'simulated'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

export const siteConfig = z.object({
  /** simulated = the local PayPal simulator: no charge is real (every page says so). */
  paymentsMode: z.enum(PAYMENTS_MODES),
});
export type SiteConfig = z.infer<typeof siteConfig>;

export const siteConfigResponse = siteConfig.extend({ success: z.literal(true) });
export type SiteConfigResponse = z.infer<typeof siteConfigResponse>;

/** Attribute of <html> in which the server hands the page its payments mode before any request. */
export const PAYMENTS_MODE_ATTRIBUTE = 'data-payments-mode';
