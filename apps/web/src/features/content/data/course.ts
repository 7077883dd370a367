// Programme of /curso-anestesia (docs/product.md → Course and workshops): the 2nd course, 29-31 May 2025, hybrid, at a
// national cardiology institute; one tab per day with modules, workshops and speakers.
// Speakers are not announced yet: every slot says so rather than inventing names.
import { site } from '../../../config/site';

export const SPEAKER_TBC = 'Ponente por confirmar';

export type SessionKind = 'modulo' | 'taller' | 'receso' | 'registro' | 'clausura';

export interface CourseSession {
  start: string;
  end: string;
  kind: SessionKind;
  title: string;
  topics?: string[];
  /** Speaker names, or SPEAKER_TBC. */
  speakers?: string[];
  /** Workshops: the /talleres tab this session explains. */
  workshop?: 'aminas' | 'arritmias';
  note?: string;
}

export interface CourseDay {
  /** Tab value (docs/product.md → Routes: jueves, viernes, sábado). */
  value: 'jueves' | 'viernes' | 'sabado';
  label: string;
  date: string;
  sessions: CourseSession[];
}

export const course = {
  title: site.course.name,
  /** `dates`: the course event's, from the catalogue (the text's when it is not on sale). */
  description: (dates: string) =>
    `${site.course.name}: ${dates}, modalidad híbrida en el ${site.course.venue}. Programa por día, módulos, talleres y ponentes.`,
  lead: 'Tres días de actualización en el cuidado anestésico y perioperatorio del paciente cardiópata, con módulos teóricos, talleres prácticos y discusión de casos.',
  facts: [
    { label: 'Fechas', value: site.course.dates },
    { label: 'Modalidad', value: site.course.modality },
    { label: 'Sede', value: site.course.venue },
  ],
  audience:
    'Dirigido a anestesiólogos, residentes de anestesiología, intensivistas, cirujanos cardiovasculares, perfusionistas y profesionales de enfermería de quirófano y terapia intensiva.',
  hybridNote:
    'Puedes asistir en la sede o seguir la transmisión en vivo. La inscripción es al curso completo: un solo precio incluye los tres días. Los talleres son presenciales y se contratan por separado.',
  programmeNote: 'Programa preliminar: los horarios y los ponentes pueden ajustarse; los cambios se publican en esta página.',
  days: [
    {
      value: 'jueves',
      label: 'Jueves',
      date: 'Jueves 29 de mayo de 2025',
      sessions: [
        { start: '08:00', end: '08:30', kind: 'registro', title: 'Registro y bienvenida' },
        {
          start: '08:30',
          end: '11:00',
          kind: 'modulo',
          title: 'Módulo 1. Evaluación preoperatoria del paciente cardiópata',
          topics: [
            'Estratificación del riesgo quirúrgico y anestésico',
            'Optimización farmacológica antes de la cirugía',
            'Valoración de la función ventricular y de la reserva funcional',
          ],
          speakers: [SPEAKER_TBC],
        },
        { start: '11:00', end: '11:30', kind: 'receso', title: 'Receso' },
        {
          start: '11:30',
          end: '14:00',
          kind: 'modulo',
          title: 'Módulo 2. Monitoreo hemodinámico avanzado',
          topics: [
            'Monitoreo invasivo y gasto cardíaco',
            'Ecocardiografía transesofágica perioperatoria',
            'Metas de perfusión y respuesta a volumen',
          ],
          speakers: [SPEAKER_TBC],
        },
        {
          start: '14:30',
          end: '19:30',
          kind: 'taller',
          title: 'Taller de aminas vasoactivas',
          workshop: 'aminas',
          speakers: [SPEAKER_TBC],
          note: 'Presencial, cupo limitado; requiere inscripción previa al curso.',
        },
      ],
    },
    {
      value: 'viernes',
      label: 'Viernes',
      date: 'Viernes 30 de mayo de 2025',
      sessions: [
        {
          start: '08:30',
          end: '11:00',
          kind: 'modulo',
          title: 'Módulo 3. Circulación extracorpórea y protección miocárdica',
          topics: [
            'Principios de la circulación extracorpórea',
            'Cardioplejía y protección miocárdica',
            'Salida de bomba y manejo de la disfunción ventricular',
          ],
          speakers: [SPEAKER_TBC],
        },
        { start: '11:00', end: '11:30', kind: 'receso', title: 'Receso' },
        {
          start: '11:30',
          end: '14:00',
          kind: 'modulo',
          title: 'Módulo 4. Coagulación y manejo del sangrado',
          topics: [
            'Anticoagulación y reversión',
            'Pruebas viscoelásticas en el quirófano',
            'Estrategias de ahorro de sangre',
          ],
          speakers: [SPEAKER_TBC],
        },
        {
          start: '14:30',
          end: '18:30',
          kind: 'taller',
          title: 'Taller de arritmias perioperatorias',
          workshop: 'arritmias',
          speakers: [SPEAKER_TBC],
          note: 'Presencial, cupo limitado; requiere inscripción previa al curso.',
        },
      ],
    },
    {
      value: 'sabado',
      label: 'Sábado',
      date: 'Sábado 31 de mayo de 2025',
      sessions: [
        {
          start: '08:30',
          end: '11:00',
          kind: 'modulo',
          title: 'Módulo 5. Cardiopatías congénitas en el adulto',
          topics: [
            'Fisiología de las lesiones más frecuentes',
            'Consideraciones anestésicas en cirugía cardíaca y no cardíaca',
            'Hipertensión pulmonar asociada',
          ],
          speakers: [SPEAKER_TBC],
        },
        { start: '11:00', end: '11:30', kind: 'receso', title: 'Receso' },
        {
          start: '11:30',
          end: '13:30',
          kind: 'modulo',
          title: 'Módulo 6. Cuidados posoperatorios del paciente cardiópata',
          topics: [
            'Transición del quirófano a la terapia intensiva',
            'Analgesia y extubación temprana',
            'Complicaciones frecuentes en las primeras 24 horas',
          ],
          speakers: [SPEAKER_TBC],
        },
        { start: '13:30', end: '14:00', kind: 'clausura', title: 'Conclusiones y clausura' },
      ],
    },
  ] satisfies CourseDay[],
};
