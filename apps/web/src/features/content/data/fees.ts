// The fee table of /cuotas (docs/product.md → Fee schedule): specialists 2,500 until 15 May and 3,000 from 16 May;
// residents, nurses and students 2,000 (1,500 with a scholarship); workshops 1,000 each;
// hospital staff free. Amounts in pesos.
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { site } from '../../../config/site';

export interface FeeRow {
  participant: string;
  concept: string;
  /** Pesos; 0 = sin costo. */
  amount: number;
  condition: string;
}

export const fees = {
  title: 'Cuotas de recuperación',
  description: `Cuotas del ${site.course.name} y de sus talleres: médicos especialistas, residentes, enfermería, estudiantes, becas y personal del hospital sede.`,
  lead: `Cuotas del ${site.course.name} (${site.course.dates}) y de sus talleres prácticos, en pesos mexicanos.`,
  tableCaption: `Cuotas del ${site.course.name} y sus talleres, en pesos mexicanos (MXN$)`,
  rows: [
    {
      participant: 'Médicos especialistas',
      concept: 'Curso',
      amount: 2500,
      condition: 'Inscripción hasta el 15 de mayo de 2025',
    },
    {
      participant: 'Médicos especialistas',
      concept: 'Curso',
      amount: 3000,
      condition: 'Inscripción a partir del 16 de mayo de 2025',
    },
    {
      participant: 'Residentes, enfermería y estudiantes',
      concept: 'Curso',
      amount: 2000,
      condition: 'Cuota preferente; la asociación valida tu tipo de participante',
    },
    {
      participant: 'Residentes, enfermería y estudiantes con beca',
      concept: 'Curso',
      amount: 1500,
      condition: 'Beca otorgada por la asociación',
    },
    {
      participant: 'Todos los participantes',
      concept: 'Cada taller (aminas vasoactivas o arritmias)',
      amount: 1000,
      condition: 'Cupo limitado; requiere inscripción previa al curso',
    },
    {
      participant: 'Personal del hospital sede',
      concept: 'Curso',
      amount: 0,
      condition: 'Sin costo; la asociación valida tu tipo de participante',
    },
  ] satisfies FeeRow[],
  notes: [
    `A cada orden se suma un precio de servicio de ${formatPrice(toPesos(SERVICE_FEE_CENTAVOS))}; si el total con descuento es cero, la inscripción es gratuita y no se cobra.`,
    'Las cuotas preferentes y las becas se aplican con el cupón que la asociación asigna a tu cuenta después de validar tu tipo de participante. Si te corresponde una, [escríbenos](/contact) antes de pagar.',
    'El pago se realiza en línea con PayPal, en pesos mexicanos.',
    'Consulta las políticas de cancelación y transferencia en los [términos y condiciones](/terms).',
  ],
};
