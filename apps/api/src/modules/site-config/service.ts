// The installation facts of GET /api/site-config, also stamped into index.html so the page
// knows them at its first paint (the demo ribbon takes its place without moving anything).

import { PAYMENTS_MODE_ATTRIBUTE, type SiteConfig } from '@store/shared/schemas/site-config';
import type { Config } from '../../config';

export function siteConfigOf(config: Pick<Config, 'PAYPAL_SIMULATOR' | 'STRIPE_SIMULATOR'>): SiteConfig {
  return { paymentsMode: config.PAYPAL_SIMULATOR || config.STRIPE_SIMULATOR ? 'simulated' : 'real' };
}

/** index.html with <html …> carrying the payments mode. */
export function withSiteConfig(indexHtml: string, site: SiteConfig): string {
  return indexHtml.replace(/<html\b/i, `<html ${PAYMENTS_MODE_ATTRIBUTE}="${site.paymentsMode}"`);
}
