// Terms and conditions of /terms (docs/product.md → Terms: written cancellation 15 calendar days ahead with a
// 20 % administrative charge; later, no refund but the place can be transferred).
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { site } from '../../../config/site';
import type { LegalDocument } from '../types';

import { CANCELLATION_CHARGE_PERCENT, CANCELLATION_NOTICE_DAYS } from '@store/shared/constants';

// The same figures the store applies when a buyer cancels from Mis Productos.
export { CANCELLATION_CHARGE_PERCENT, CANCELLATION_NOTICE_DAYS };

export const terms: LegalDocument = {
  title: 'Términos y condiciones',
  description: `Condiciones de inscripción, pago, cancelación, transferencia y acceso a las transmisiones de los eventos de ${site.shortName}.`,
  lead: `Estas condiciones regulan la inscripción a los cursos, talleres, conferencias y transmisiones que ofrece la ${site.name} a través de esta tienda. Al crear una cuenta o completar una inscripción las aceptas.`,
  updated: 'mayo de 2025',
  sections: [
    {
      id: 'inscripciones',
      title: '1. Inscripciones y cuenta',
      blocks: [
        {
          type: 'ul',
          items: [
            'Para inscribirte necesitas una cuenta con un correo electrónico válido. Eres responsable de la veracidad de tus datos y de mantener tu contraseña en secreto.',
            'Cada evento se vende por día: eliges los días que te interesan y cada día se agrega al carrito por separado.',
            'La inscripción queda confirmada cuando el pago se acredita (o cuando reclamas un evento gratuito). La encontrarás en **Mis Productos**.',
            'Las cuotas preferentes (residentes, enfermería, estudiantes, becas y personal del hospital sede) se aplican con el cupón o la validación que la asociación asigna a tu cuenta. Consulta la página de [cuotas](/cuotas).',
          ],
        },
      ],
    },
    {
      id: 'precios-y-pagos',
      title: '2. Precios y pagos',
      blocks: [
        {
          type: 'ul',
          items: [
            'Los precios se expresan en pesos mexicanos (MXN$) e incluyen los impuestos que correspondan.',
            `A cada orden se suma un precio de servicio de ${formatPrice(toPesos(SERVICE_FEE_CENTAVOS))}. Cuando el total después del descuento es cero, la orden es gratuita y no se cobra el precio de servicio.`,
            'Los pagos se procesan a través de PayPal en pesos mexicanos. La asociación no recibe ni almacena los datos de tu tarjeta.',
            'Los cupones de descuento están sujetos a su vigencia, a los eventos a los que aplican y al tipo de participante autorizado.',
          ],
        },
      ],
    },
    {
      id: 'cancelaciones',
      title: '3. Cancelaciones y reembolsos',
      blocks: [
        {
          type: 'ul',
          items: [
            `Puedes cancelar tu inscripción **por escrito**, desde [Mis Productos](/orders) o enviando un correo a [${site.email}](mailto:${site.email}), con al menos **${CANCELLATION_NOTICE_DAYS} días naturales de anticipación** a la fecha del evento.`,
            `Las cancelaciones hechas en ese plazo se reembolsan descontando un **cargo administrativo del ${CANCELLATION_CHARGE_PERCENT} %** del importe pagado.`,
            `Después de ese plazo **no hay reembolso**, pero puedes transferir tu lugar a otra persona (ver la sección siguiente).`,
            'El reembolso se hace por el mismo medio de pago con que se cubrió la orden.',
            'Si la asociación cancela un evento, se reembolsa el importe íntegro o, si lo prefieres, se aplica a otro evento.',
          ],
        },
      ],
    },
    {
      id: 'transferencias',
      title: '4. Transferencia de la inscripción',
      blocks: [
        {
          type: 'p',
          text: `Si no puedes asistir, puedes ceder tu inscripción a otra persona del mismo tipo de participante. Escríbenos a [${site.email}](mailto:${site.email}) antes del evento con el nombre y el correo de quien te sustituirá; el acceso se trasladará a su cuenta.`,
        },
      ],
    },
    {
      id: 'transmisiones',
      title: '5. Acceso a las transmisiones',
      blocks: [
        {
          type: 'ul',
          items: [
            'El acceso a cada transmisión es personal e intransferible (salvo la transferencia descrita arriba) y corresponde a los días que compraste.',
            'Está prohibido grabar, reproducir, redistribuir o compartir las transmisiones, los materiales o los enlaces de acceso.',
            'Necesitas una conexión a internet estable. La asociación no es responsable de fallas de tu equipo o de tu proveedor de internet.',
          ],
        },
      ],
    },
    {
      id: 'eventos-presenciales',
      title: '6. Eventos presenciales y talleres',
      blocks: [
        {
          type: 'ul',
          items: [
            'Los talleres y eventos presenciales tienen cupo limitado; el lugar se asigna por orden de pago.',
            'Los talleres requieren la inscripción previa al curso correspondiente.',
            'Presenta una identificación oficial al registrarte en la sede.',
          ],
        },
      ],
    },
    {
      id: 'cambios-al-programa',
      title: '7. Cambios al programa',
      blocks: [
        {
          type: 'p',
          text: 'La asociación puede ajustar horarios, ponentes o la modalidad de un evento por causas académicas o de fuerza mayor. Te avisaremos por correo electrónico con la mayor anticipación posible.',
        },
      ],
    },
    {
      id: 'propiedad-intelectual',
      title: '8. Propiedad intelectual',
      blocks: [
        {
          type: 'p',
          text: 'Los contenidos de los eventos pertenecen a la asociación o a sus ponentes. Se ponen a tu disposición solo para tu formación personal.',
        },
      ],
    },
    {
      id: 'privacidad',
      title: '9. Datos personales',
      blocks: [
        {
          type: 'p',
          text: 'Tratamos tus datos conforme a nuestro [aviso de privacidad](/privacy-policy).',
        },
      ],
    },
    {
      id: 'legislacion',
      title: '10. Legislación aplicable y contacto',
      blocks: [
        {
          type: 'p',
          text: `Estas condiciones se rigen por las leyes de los Estados Unidos Mexicanos. Para cualquier duda escríbenos a [${site.email}](mailto:${site.email}) o llámanos al ${site.phone} (${site.hours.toLowerCase()}).`,
        },
      ],
    },
  ],
};
