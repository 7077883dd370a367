// Every message of the catalogue renders from its example data (registry.ts): subject, text and
// HTML, in the store's frame, with links to PUBLIC_URL and nothing left unfilled. The rendered
// examples are kept in __snapshots__/ so a change of wording shows in review. Below, the rules
// of single messages that the examples alone would not prove.

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { site } from '@store/shared/site';
import { escapeHtml } from '../layout';
import { mailSettingsFrom, type MailSettings } from '../settings';
import { memberWelcomeEmail } from './member-welcome';
import { orderConfirmationEmail } from './order-confirmation';
import { passwordResetEmail } from './password-reset';
import { CATALOGUE } from './registry';

const settings: MailSettings = {
  publicUrl: 'https://tienda.example.org',
  brand: 'AMACC',
  brandName: 'Asociación de prueba',
  contactEmail: 'contacto@example.org',
};
const UNFILLED = /undefined|null|NaN|\[object |\$\{/;
/** The messages the association receives (no store frame, no signature). */
const TO_THE_ASSOCIATION = new Set(['contact-message']);

describe('the catalogue', () => {
  it('has an example for every template file of this folder', () => {
    const files = readdirSync(import.meta.dirname)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'registry.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    const named = new Set(CATALOGUE.map((e) => e.name.split(':')[0]));
    expect([...named].sort()).toEqual(files.sort());
    expect(new Set(CATALOGUE.map((e) => e.name)).size).toBe(CATALOGUE.length);
  });

  describe.each(CATALOGUE.map((e) => [e.name, e] as const))('%s', (name, entry) => {
    const mail = entry.render(settings);
    const template = name.split(':')[0]!;

    it('renders a subject, a text and an HTML body with every value filled in', async () => {
      expect(mail.to).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(mail.subject.trim()).not.toBe('');
      expect(mail.subject).not.toMatch(UNFILLED);
      expect(mail.text).not.toMatch(UNFILLED);
      expect(mail.html).not.toMatch(UNFILLED);
      expect(mail.html.startsWith('<!doctype html>\n<html lang="es">')).toBe(true);
      expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
      expect(mail.html.trimEnd().endsWith('</html>')).toBe(true);
      for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) {
        expect(href!.startsWith(`${settings.publicUrl}/`), href).toBe(true);
      }
      await expect(`Subject: ${mail.subject}\n\n${mail.text}\n`).toMatchFileSnapshot(
        `__snapshots__/${name.replace(':', '.')}.txt`,
      );
      await expect(mail.html).toMatchFileSnapshot(`__snapshots__/${name.replace(':', '.')}.html`);
    });

    it.skipIf(TO_THE_ASSOCIATION.has(template))(
      "wears the store's frame and signature, and Reply-To only with a contact address",
      () => {
        expect(mail.html).toContain(`font-weight:bold">${settings.brand}</td>`);
        expect(mail.html).toContain('escribe a contacto@example.org');
        expect(mail.text.endsWith(`\n\n${settings.brand}\n${settings.brandName}`)).toBe(true);
        expect(mail.replyTo).toBe('contacto@example.org');
        const without = entry.render({ ...settings, contactEmail: undefined });
        expect(without.replyTo).toBeUndefined();
        expect(without.html).toContain('no respondas a esta dirección');
      },
    );
  });
});

describe('settings', () => {
  it('come from the config, with the brand of the shared site facts the storefront shows', () => {
    const s = mailSettingsFrom({
      PUBLIC_URL: 'https://tienda.example.org/',
      JWT_SECRET: 'x'.repeat(32),
      CONTACT_EMAIL: undefined,
    });
    expect(s).toEqual({
      publicUrl: 'https://tienda.example.org',
      brand: site.shortName,
      brandName: site.name,
      ticketSecret: 'x'.repeat(32),
    });
  });
});

describe('passwordResetEmail', () => {
  it('links to PUBLIC_URL/reset-password with the token, in HTML and text', () => {
    const mail = passwordResetEmail(settings, { to: 'ana@prueba.mx', name: 'ANA', token: 'abc_DEF-123' });
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toContain('https://tienda.example.org/reset-password?token=abc_DEF-123');
    expect(mail.html).toContain('href="https://tienda.example.org/reset-password?token=abc_DEF-123"');
    expect(mail.text).toContain('vence en 1 hora');
  });

  it('escapes the name in the HTML', () => {
    const mail = passwordResetEmail(settings, {
      to: 'x@prueba.mx',
      name: '<script>alert(1)</script>',
      token: 't',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('memberWelcomeEmail', () => {
  const mail = memberWelcomeEmail(settings, { to: 'ana@prueba.mx', name: '<b>ANA</b>', token: 'tok_EN-1' });
  const link = 'https://tienda.example.org/reset-password?token=tok_EN-1';

  it('links to the password page for 7 days, in HTML and text', () => {
    expect(mail).toMatchObject({ to: 'ana@prueba.mx', subject: ADMIN_MSG.importWelcomeSubject });
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Definir mi contraseña');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Vence en 7 días');
    expect(mail.html).toContain('&lt;b&gt;ANA&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>ANA');
  });
});

describe('orderConfirmationEmail', () => {
  const at = (v: string) => fromMexicoCityLocal(v)!;
  const jueves = { label: 'Jueves', startsAt: at('2025-05-29T09:00'), endsAt: at('2025-05-29T18:00') };
  const viernes = { label: 'Viernes', startsAt: at('2025-05-30T09:00'), endsAt: at('2025-05-30T18:00') };
  const taller = { label: 'Jueves', startsAt: at('2025-05-29T14:30'), endsAt: at('2025-05-29T19:30') };
  const items = [
    { name: 'Curso de anestesia', days: [jueves, viernes], isPresential: false },
    { name: 'Taller <aminas>', days: [taller], isPresential: true },
  ];

  it('lists what was bought and which days, the total, and how to watch at /orders', () => {
    const mail = orderConfirmationEmail(settings, {
      to: 'ana@prueba.mx',
      name: 'ANA',
      orderId: '1a2b3c4d-0000-4000-8000-000000000000',
      amount: 2510,
      items,
    });
    expect(mail.subject).toBe('Confirmación de tu compra (orden 1A2B3C4D)');
    // Each day with its date and hours in Mexico City time, whatever the server's zone.
    expect(mail.text).toContain(
      '  Jueves: 29 de mayo de 2025, 9:00–18:00\n  Viernes: 30 de mayo de 2025, 9:00–18:00',
    );
    expect(mail.text).toContain('  Jueves: 29 de mayo de 2025, 14:30–19:30');
    expect(mail.text).toContain('Los horarios están en hora de la Ciudad de México.');
    expect(mail.html).toContain('Viernes: 30 de mayo de 2025, 9:00–18:00');
    expect(mail.text).toContain('MXN$2,510');
    expect(mail.text).toContain('https://tienda.example.org/orders');
    expect(mail.text).toContain('Ver transmisión');
    expect(mail.text).toContain('Evento presencial');
    expect(mail.html).toContain('Taller &lt;aminas&gt;');
    expect(mail.html).not.toContain('<aminas>');
  });

  it('says GRATIS for a free claim and leaves out the watch link when nothing streams', () => {
    const mail = orderConfirmationEmail(settings, {
      to: 'ana@prueba.mx',
      name: 'ANA',
      orderId: '1a2b3c4d-0000-4000-8000-000000000000',
      amount: 0,
      items: [items[1]!],
    });
    expect(mail.text).toContain('Total: GRATIS');
    expect(mail.text).not.toContain('/orders');
  });
  it('names the venue, its address and map link instead of just «Evento presencial»', () => {
    const venue = {
      name: 'Hotel Sede',
      address: 'Av. Reforma 1, CDMX',
      mapUrl: 'https://maps.example.org/?q=1&z=2',
    };
    const mail = orderConfirmationEmail(settings, {
      to: 'ana@prueba.mx',
      name: 'ANA',
      orderId: '1a2b3c4d-0000-4000-8000-000000000000',
      amount: 2510,
      items: [
        { ...items[0]!, venue },
        { ...items[1]!, venue },
      ],
    });
    expect(mail.text).toContain('  Presencial en Hotel Sede, Av. Reforma 1, CDMX y transmisión en vivo');
    expect(mail.text).toContain('  Evento presencial en Hotel Sede, Av. Reforma 1, CDMX');
    expect(mail.text).toContain('  Mapa: https://maps.example.org/?q=1&z=2');
    expect(mail.text).toContain('preséntate en la sede indicada arriba');
    expect(mail.html).toContain('<a href="https://maps.example.org/?q=1&amp;z=2"');
  });
});
