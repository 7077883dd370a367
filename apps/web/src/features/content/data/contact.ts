// Text of /contact (docs/product.md → Routes): what to write to us about, and the details shown (from site.ts).
import { site } from '../../../config/site';

export const contact = {
  title: 'Contacto',
  description: `Escríbenos o llámanos: ${site.email}, ${site.phone}. Dudas sobre eventos, inscripciones, pagos y transmisiones de ${site.shortName}.`,
  lead: 'Con gusto resolvemos tus dudas sobre eventos, inscripciones, pagos, cuotas preferentes y acceso a las transmisiones.',
  formTitle: '¿Tienes una pregunta?',
  formText:
    'Envíanos un mensaje desde el formulario y te responderemos por correo electrónico. Si tu duda es sobre una compra, incluye el correo con el que creaste tu cuenta.',
  helpLinks: [
    { to: '/cuotas', label: 'Cuotas, becas y cuotas preferentes' },
    { to: '/terms', label: 'Cancelaciones y transferencias' },
    { to: '/curso-anestesia', label: 'Programa del curso' },
  ],
};
