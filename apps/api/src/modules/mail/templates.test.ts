// Spanish e-mail templates: the reset link built from PUBLIC_URL, the order confirmation
// (what was bought, which days, how to watch), and HTML escaping of database values.

import { describe, expect, it } from 'vitest';
import { site } from '@store/shared/site';
import { mailSettings } from './settings';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { orderConfirmationEmail, passwordResetEmail } from './templates';

const settings = {
  publicUrl: 'https://tienda.example.org',
  brand: 'AMACC',
  brandName: 'Asociación de prueba',
  contactEmail: 'contacto@example.org',
};

describe('brand', () => {
  it('comes from the shared site facts, the same the storefront shows', () => {
    expect(mailSettings()).toMatchObject({ brand: site.shortName, brandName: site.name });
  });

  it('heads the HTML and signs the text with the short and full name', () => {
    const mail = passwordResetEmail(mailSettings(), { to: 'ana@prueba.mx', name: 'ANA', token: 't' });
    expect(mail.html).toContain(`font-weight:bold">${site.shortName}</td>`);
    expect(mail.html).toContain(site.name);
    expect(mail.text.endsWith(`${site.shortName}\n${site.name}`)).toBe(true);
  });

  it('invites replies only when a contact address is configured', () => {
    const without = passwordResetEmail(
      { ...settings, contactEmail: undefined },
      { to: 'a@b.mx', name: 'A', token: 't' },
    );
    expect(without.replyTo).toBeUndefined();
    expect(without.html).toContain('no respondas a esta dirección');
    const withContact = passwordResetEmail(settings, { to: 'a@b.mx', name: 'A', token: 't' });
    expect(withContact.html).toContain('escribe a contacto@example.org');
  });
});

describe('passwordResetEmail', () => {
  it('links to PUBLIC_URL/reset-password with the token, in HTML and text', () => {
    const mail = passwordResetEmail(settings, { to: 'ana@prueba.mx', name: 'ANA', token: 'abc_DEF-123' });
    expect(mail.to).toBe('ana@prueba.mx');
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toContain('https://tienda.example.org/reset-password?token=abc_DEF-123');
    expect(mail.html).toContain('href="https://tienda.example.org/reset-password?token=abc_DEF-123"');
    expect(mail.text).toContain('vence en 1 hora');
    expect(mail.replyTo).toBe('contacto@example.org');
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
    expect(mail.text).toContain('Curso de anestesia');
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
    expect(mail.html).toContain('href="https://tienda.example.org/orders"');
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
});
