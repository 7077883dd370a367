// The two workshops of /talleres (docs/product.md → Course and workshops): aminas (29 May, 14:30-19:30) and arritmias
// (30 May, 14:30-18:30), limited seats, prior course enrolment required. `productName` finds
// each workshop's event in the catalogue for the enrol button.

export interface Workshop {
  /** Tab value (docs/product.md → Routes). */
  value: 'aminas' | 'arritmias';
  tab: string;
  title: string;
  /** The event's name in the catalogue; `keyword` is the fallback match if it is renamed. */
  productName: string;
  keyword: string;
  summary: string;
  date: string;
  time: string;
  objectives: string[];
  agenda: { time: string; activity: string }[];
}

export const workshopsPage = {
  title: 'Talleres',
  description:
    'Talleres prácticos del 2º Curso de Anestesia Cardiovascular: aminas vasoactivas (29 de mayo) y arritmias perioperatorias (30 de mayo). Cupo limitado.',
  lead: 'Talleres presenciales en grupos reducidos, para practicar lo que el curso enseña en teoría.',
  requirements: [
    'Cupo limitado: los lugares se asignan por orden de pago.',
    'Requiere inscripción previa al 2º Curso de Anestesia Cardiovascular.',
    'Modalidad presencial en la sede del curso.',
  ],
  audience:
    'Anestesiólogos, residentes, intensivistas y profesionales de enfermería de quirófano y terapia intensiva.',
};

export const workshops: Workshop[] = [
  {
    value: 'aminas',
    tab: 'Aminas',
    title: 'Taller de aminas vasoactivas',
    productName: 'Taller de aminas vasoactivas',
    keyword: 'aminas',
    summary:
      'Selección, preparación y titulación de vasopresores e inotrópicos en el paciente cardiópata, con casos clínicos y ejercicios de cálculo de infusiones.',
    date: 'Jueves 29 de mayo de 2025',
    time: '14:30 a 19:30 h',
    objectives: [
      'Repasar la farmacología de los vasopresores e inotrópicos de uso perioperatorio.',
      'Elegir el fármaco adecuado según el perfil hemodinámico: vasoplejía, disfunción ventricular izquierda o derecha.',
      'Preparar diluciones y calcular dosis e infusiones de forma segura.',
      'Titular y retirar el soporte vasoactivo guiándose por metas de perfusión.',
      'Reconocer y prevenir los errores de medicación más frecuentes con infusiones continuas.',
    ],
    agenda: [
      { time: '14:30', activity: 'Bienvenida y evaluación inicial' },
      { time: '14:45', activity: 'Farmacología aplicada de vasopresores e inotrópicos' },
      { time: '16:00', activity: 'Estaciones prácticas: diluciones, cálculo de dosis y bombas de infusión' },
      { time: '17:30', activity: 'Receso' },
      { time: '17:45', activity: 'Casos clínicos: elección y titulación según el perfil hemodinámico' },
      { time: '19:00', activity: 'Evaluación final y conclusiones' },
    ],
  },
  {
    value: 'arritmias',
    tab: 'Arritmias',
    title: 'Taller de arritmias perioperatorias',
    productName: 'Taller de arritmias perioperatorias',
    keyword: 'arritmias',
    summary:
      'Reconocimiento y manejo de las arritmias del perioperatorio, marcapasos temporales y cardioversión, con trazos reales y simulación.',
    date: 'Viernes 30 de mayo de 2025',
    time: '14:30 a 18:30 h',
    objectives: [
      'Identificar en el monitor las arritmias perioperatorias más frecuentes.',
      'Aplicar el tratamiento farmacológico y eléctrico según la estabilidad del paciente.',
      'Programar marcapasos temporales epicárdicos y transvenosos y resolver sus fallas.',
      'Realizar cardioversión y desfibrilación de forma segura en el paciente quirúrgico.',
    ],
    agenda: [
      { time: '14:30', activity: 'Bienvenida y evaluación inicial' },
      { time: '14:45', activity: 'Lectura de trazos: taquiarritmias y bradiarritmias del perioperatorio' },
      { time: '15:45', activity: 'Estaciones prácticas: marcapasos temporales' },
      { time: '16:45', activity: 'Receso' },
      { time: '17:00', activity: 'Simulación: cardioversión y desfibrilación' },
      { time: '18:15', activity: 'Evaluación final y conclusiones' },
    ],
  },
];
