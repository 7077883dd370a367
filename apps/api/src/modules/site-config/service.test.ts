// The payments mode reaches the page in index.html, before any request.

import { describe, expect, it } from 'vitest';
import { siteConfigOf, withSiteConfig } from './service';

describe('withSiteConfig', () => {
  it('stamps the payments mode on <html>', () => {
    const html = '<!doctype html>\n<html lang="es">\n<head></head><body></body></html>';
    expect(withSiteConfig(html, siteConfigOf({ PAYPAL_SIMULATOR: true, STRIPE_SIMULATOR: false }))).toContain(
      '<html data-payments-mode="simulated" lang="es">',
    );
    // The Stripe simulator alone simulates payments too.
    expect(withSiteConfig(html, siteConfigOf({ PAYPAL_SIMULATOR: false, STRIPE_SIMULATOR: true }))).toContain(
      '<html data-payments-mode="simulated" lang="es">',
    );
    expect(
      withSiteConfig(html, siteConfigOf({ PAYPAL_SIMULATOR: false, STRIPE_SIMULATOR: false })),
    ).toContain('<html data-payments-mode="real" lang="es">');
  });
});
