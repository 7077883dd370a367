import { describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { passwordResetEmail } from '../../mail/templates';
import { welcomeEmail } from './welcome-email';

const settings = {
  publicUrl: 'https://tienda.example.org',
  brand: 'AMACC',
  brandName: 'Asociación de prueba',
  contactEmail: 'contacto@example.org',
};

describe('welcomeEmail', () => {
  const mail = welcomeEmail(settings, { to: 'ana@prueba.mx', name: '<b>ANA</b>', token: 'tok_EN-1' });
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

  it("wears the store's e-mail frame and signature, with Reply-To", () => {
    const reset = passwordResetEmail(settings, { to: 'ana@prueba.mx', name: 'ANA', token: 't' });
    const frame = (html: string) => html.slice(0, html.indexOf('<p>Hola'));
    expect(frame(mail.html)).toBe(frame(reset.html).replace('Restablece tu contraseña', mail.subject));
    expect(mail.html).toContain('escribe a contacto@example.org');
    expect(mail.text.endsWith('AMACC\nAsociación de prueba')).toBe(true);
    expect(mail.replyTo).toBe('contacto@example.org');
  });
});
