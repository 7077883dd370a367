// Texts of /cuotas (docs/fees.md). The amounts and the course's dates are not here: the page
// reads them from the events in the database, as the cart and checkout do.
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { site } from '../../../config/site';

export const fees = {
  title: 'Cuotas de recuperación',
  description: `Cuotas del ${site.course.name} y de sus talleres: médicos especialistas, residentes, enfermería, estudiantes, becas y personal del hospital sede.`,
  /** `course`: the course event's name and dates from the catalogue; none while it is not on sale. */
  lead: (course: { name: string; dates: string } | null) =>
    course
      ? `Cuotas del ${course.name} (${course.dates}) y de sus talleres prácticos, en pesos mexicanos.`
      : `Cuotas del ${site.course.name} y de sus talleres prácticos, en pesos mexicanos.`,
  tableCaption: `Cuotas del ${site.course.name} y sus talleres, en pesos mexicanos (MXN$)`,
  loadError: 'No se pudieron cargar las cuotas. Intenta de nuevo en unos minutos.',
  empty: 'Las cuotas del próximo curso se publicarán aquí en cuanto abran las inscripciones.',
  notes: [
    `A cada orden se suma un precio de servicio de ${formatPrice(toPesos(SERVICE_FEE_CENTAVOS))}; si el total con descuento es cero, la inscripción es gratuita y no se cobra.`,
    'Las cuotas preferentes se aplican solas al pagar cuando la asociación verifica tu tipo de participante, y las becas cuando la asociación te la otorga. Si te corresponde una cuota preferente, solicítala con tu comprobante en [Mi cuenta](/account#tipo-de-participante) antes de pagar.',
    'El curso se vende completo: una inscripción incluye todos sus días. Los talleres requieren la inscripción al curso (en la misma compra o antes).',
    'El pago se realiza en línea con PayPal, en pesos mexicanos.',
    'Consulta las políticas de cancelación y transferencia en los [términos y condiciones](/terms).',
  ],
};
