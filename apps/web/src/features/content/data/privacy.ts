// Privacy notice of /privacy-policy (aviso de privacidad integral), in the structure Mexican
// data-protection law (LFPDPPP) asks for: controller, data, purposes, transfers, ARCO rights,
// revocation, cookies, changes. Real text (docs/product.md → Deliberate changes: not images).
import { site } from '../../../config/site';
import type { LegalDocument } from '../types';

export const privacy: LegalDocument = {
  title: 'Aviso de privacidad',
  description: `Cómo ${site.shortName} recaba, usa y protege tus datos personales, y cómo ejercer tus derechos ARCO.`,
  lead: `La ${site.name} (en adelante, «la asociación») es responsable del tratamiento de tus datos personales y los protege conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares y su normativa.`,
  updated: 'mayo de 2025',
  sections: [
    {
      id: 'responsable',
      title: '1. Identidad y domicilio del responsable',
      blocks: [
        {
          type: 'p',
          text: `${site.name}, con domicilio en ${site.address}. Medio de contacto para asuntos de datos personales: [${site.privacyEmail}](mailto:${site.privacyEmail}), teléfono ${site.phone}.`,
        },
      ],
    },
    {
      id: 'datos',
      title: '2. Datos personales que recabamos',
      blocks: [
        { type: 'p', text: 'Recabamos los datos que nos proporcionas directamente al crear tu cuenta, inscribirte, pagar o escribirnos:' },
        {
          type: 'ul',
          items: [
            '**Identificación y contacto:** nombre completo, correo electrónico y teléfono.',
            '**Domicilio de facturación:** calle, ciudad, estado, código postal y país.',
            '**Datos profesionales o académicos:** tu tipo de participante (médico especialista, residente, enfermería, estudiante o personal del hospital sede), para aplicar la cuota que te corresponde.',
            '**Datos de tus compras:** eventos y días inscritos, montos, cupones usados y el identificador de la operación de PayPal. No recibimos ni guardamos los datos de tu tarjeta: el pago lo procesa PayPal.',
            '**Datos técnicos:** dirección IP y registros de acceso necesarios para la seguridad del sitio.',
          ],
        },
        {
          type: 'note',
          text: 'No solicitamos datos personales sensibles. Tu contraseña se guarda cifrada de forma irreversible; nadie en la asociación puede leerla.',
        },
      ],
    },
    {
      id: 'finalidades',
      title: '3. Finalidades del tratamiento',
      blocks: [
        { type: 'h3', text: 'Finalidades primarias (necesarias para el servicio)' },
        {
          type: 'ul',
          items: [
            'Crear y administrar tu cuenta.',
            'Registrar tus inscripciones, procesar tus pagos y aplicar cuotas preferentes o cupones.',
            'Darte acceso a las transmisiones y a los eventos presenciales que compraste.',
            'Enviarte confirmaciones de compra, avisos sobre cambios en los eventos y enlaces para restablecer tu contraseña.',
            'Emitir constancias de asistencia y, cuando lo solicites, comprobantes fiscales.',
            'Atender tus preguntas, solicitudes de cancelación o transferencia y mensajes de contacto.',
            'Cumplir las obligaciones legales y fiscales de la asociación.',
          ],
        },
        { type: 'h3', text: 'Finalidades secundarias (puedes negarte)' },
        {
          type: 'ul',
          items: [
            'Enviarte información sobre próximos cursos, talleres y actividades de la asociación.',
            'Invitarte a encuestas de calidad y elaborar estadísticas sobre la participación en los eventos.',
          ],
        },
        {
          type: 'p',
          text: `Si no deseas que tus datos se usen para las finalidades secundarias, escríbenos a [${site.privacyEmail}](mailto:${site.privacyEmail}) en cualquier momento. Tu negativa no afecta los servicios que contrataste.`,
        },
      ],
    },
    {
      id: 'transferencias',
      title: '4. Remisiones y transferencias',
      blocks: [
        {
          type: 'p',
          text: 'Para prestar el servicio compartimos los datos estrictamente necesarios con proveedores que actúan por cuenta de la asociación y bajo su obligación de confidencialidad:',
        },
        {
          type: 'ul',
          items: [
            '**PayPal**, para procesar los pagos.',
            '**Proveedores de alojamiento y correo electrónico**, para operar el sitio y enviarte mensajes.',
            '**Plataformas de video (YouTube o Vimeo)**, que alojan las transmisiones; no les entregamos tus datos de cuenta, pero al reproducir un video aplican sus propias políticas.',
          ],
        },
        {
          type: 'p',
          text: 'Solo transferiremos tus datos a autoridades competentes cuando una ley o un mandato judicial lo exija. No vendemos ni rentamos tus datos personales.',
        },
      ],
    },
    {
      id: 'derechos-arco',
      title: '5. Derechos ARCO',
      blocks: [
        {
          type: 'p',
          text: 'Tienes derecho a **Acceder** a tus datos personales, **Rectificarlos** si son inexactos o están incompletos, **Cancelarlos** cuando consideres que no se requieren para las finalidades señaladas y **Oponerte** a su tratamiento para fines específicos.',
        },
        { type: 'h3', text: 'Cómo ejercerlos' },
        {
          type: 'p',
          text: `Envía tu solicitud al correo [${site.privacyEmail}](mailto:${site.privacyEmail}) con el asunto «Derechos ARCO». Debe incluir:`,
        },
        {
          type: 'ol',
          items: [
            'Tu nombre completo y el correo electrónico al que enviaremos la respuesta.',
            'Una copia de tu identificación oficial o, si actúas por otra persona, el documento que acredite la representación.',
            'La descripción clara de los datos y del derecho que quieres ejercer.',
            'Cualquier documento o dato que nos ayude a localizar tus datos (por ejemplo, el correo de tu cuenta).',
            'En caso de rectificación, la corrección que solicitas y, si aplica, el documento que la respalde.',
          ],
        },
        {
          type: 'p',
          text: 'Te responderemos en un plazo máximo de **20 días hábiles** contados desde que recibimos tu solicitud completa. Si resulta procedente, la haremos efectiva dentro de los **15 días hábiles** siguientes a la respuesta. Si falta información, te la pediremos dentro de los 5 días hábiles siguientes y tendrás 10 días hábiles para enviarla.',
        },
      ],
    },
    {
      id: 'revocacion',
      title: '6. Revocación del consentimiento y límites al uso',
      blocks: [
        {
          type: 'p',
          text: `Puedes revocar tu consentimiento o pedir que limitemos el uso o la divulgación de tus datos con el mismo procedimiento de los derechos ARCO. Ten en cuenta que, si revocas el consentimiento para una finalidad primaria, no podremos seguir prestándote ese servicio. Para dejar de recibir información de eventos basta con escribirnos a [${site.privacyEmail}](mailto:${site.privacyEmail}).`,
        },
      ],
    },
    {
      id: 'cookies',
      title: '7. Cookies y almacenamiento local',
      blocks: [
        {
          type: 'p',
          text: 'Este sitio no usa cookies publicitarias ni de rastreo. Guardamos en el almacenamiento local de tu navegador únicamente tu sesión y tu carrito, para que no tengas que iniciar sesión en cada visita. Se borran al cerrar sesión. Los reproductores de YouTube o Vimeo pueden usar sus propias cookies al reproducir una transmisión.',
        },
      ],
    },
    {
      id: 'seguridad-y-conservacion',
      title: '8. Seguridad y conservación',
      blocks: [
        {
          type: 'p',
          text: 'Aplicamos medidas de seguridad administrativas, técnicas y físicas para proteger tus datos contra daño, pérdida, alteración, destrucción o uso no autorizado: conexiones cifradas, contraseñas cifradas y acceso restringido al personal autorizado. Conservamos tus datos mientras tengas una cuenta activa y, después, solo el tiempo que exijan las obligaciones legales y fiscales.',
        },
      ],
    },
    {
      id: 'cambios',
      title: '9. Cambios a este aviso',
      blocks: [
        {
          type: 'p',
          text: 'Cualquier cambio a este aviso de privacidad se publicará en esta página con su fecha de actualización. Si el cambio afecta las finalidades del tratamiento, te lo comunicaremos por correo electrónico.',
        },
        {
          type: 'p',
          text: 'Si consideras que tu derecho a la protección de datos personales ha sido vulnerado, puedes acudir ante la autoridad garante en materia de protección de datos personales.',
        },
      ],
    },
  ],
};
