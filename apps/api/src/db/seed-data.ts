// Demo catalogue: events across the three categories and levels, every stream-link form
// that normalisation handles, in-person events with seat limits, the 2nd course of
// docs/product.md → Course and workshops, and its two workshops. Images are our own SVG covers under /covers/.

import type { Category, Level } from '@store/shared/constants';

export interface SeedDay {
  label: string;
  streamUrl: string | null;
  seatCapacity?: number;
}

export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  price: number;
  category: Category;
  subCategory: Level;
  isPresential: boolean;
  days: SeedDay[];
}

// Listed oldest first: the seed gives each a later creation time, so the first of this
// list is the oldest in the catalogue and the course comes out on top.
export const SEED_PRODUCTS: SeedProduct[] = [
  {
    slug: 'analgesia-regional',
    name: 'Analgesia regional en cirugía cardíaca',
    description:
      'Conferencia sobre bloqueos de pared torácica (erector de la espina, serrato anterior, paraesternales) como parte de una estrategia de analgesia multimodal y recuperación acelerada en cirugía cardíaca.',
    price: 600,
    category: 'Conferencias',
    subCategory: 'Basico',
    isPresential: false,
    days: [{ label: 'Martes 19 de enero de 2027', streamUrl: 'https://youtu.be/aqz-KE-bpKQ' }],
  },
  {
    slug: 'valvulopatia-aortica',
    name: 'Casos clínicos: valvulopatía aórtica en el adulto mayor',
    description:
      'Discusión de casos de estenosis aórtica grave: evaluación preoperatoria, reemplazo quirúrgico frente a TAVI y manejo hemodinámico en el adulto mayor frágil.',
    price: 500,
    category: 'Estudios de caso',
    subCategory: 'Basico',
    isPresential: false,
    days: [{ label: 'Jueves 21 de enero de 2027', streamUrl: 'https://vimeo.com/76979871' }],
  },
  {
    slug: 'enfermeria-cardiopata',
    name: 'Panel: enfermería en el cuidado del paciente cardiópata',
    description:
      'Panel interdisciplinario sobre cuidados de enfermería en el perioperatorio cardíaco: monitoreo invasivo, manejo de drenajes, prevención de infecciones y educación al paciente y su familia.',
    price: 400,
    category: 'Paneles',
    subCategory: 'Basico',
    isPresential: false,
    days: [
      { label: 'Sábado 23 de enero de 2027', streamUrl: 'https://www.youtube.com/watch?v=ScMzIvxBSi4' },
      { label: 'Sábado 30 de enero de 2027', streamUrl: 'https://www.youtube.com/live/jfKfPfyJRdk' },
    ],
  },
  {
    slug: 'coagulacion',
    name: 'Panel: manejo de la coagulación en cirugía cardíaca',
    description:
      'Heparina y protamina, pruebas viscoelásticas, concentrados de factores y estrategias de ahorro de sangre. Un panel de expertos responde las preguntas de la audiencia en vivo.',
    price: 800,
    category: 'Paneles',
    subCategory: 'Intermedio',
    isPresential: false,
    days: [{ label: 'Miércoles 3 de febrero de 2027', streamUrl: 'https://vimeo.com/showcase/11263458' }],
  },
  {
    slug: 'taponamiento',
    name: 'Casos clínicos: taponamiento cardíaco',
    description:
      'Del diagnóstico ecocardiográfico a la inducción anestésica segura: casos reales de taponamiento posquirúrgico y médico, con las decisiones tomadas en cada paso.',
    price: 500,
    category: 'Estudios de caso',
    subCategory: 'Intermedio',
    isPresential: false,
    days: [{ label: 'Viernes 5 de febrero de 2027', streamUrl: 'https://player.vimeo.com/video/148751763' }],
  },
  {
    slug: 'ecocardiografia-transesofagica',
    name: 'Ecocardiografía transesofágica perioperatoria: fundamentos',
    description:
      'Curso introductorio de ecocardiografía transesofágica: las 20 vistas básicas, evaluación de la función ventricular y de las válvulas, y su uso para guiar decisiones en quirófano.',
    price: 1500,
    category: 'Conferencias',
    subCategory: 'Basico',
    isPresential: false,
    days: [
      { label: 'Lunes 8 de febrero de 2027', streamUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE' },
      { label: 'Martes 9 de febrero de 2027', streamUrl: 'https://youtu.be/M7lc1UVf-VE' },
      { label: 'Miércoles 10 de febrero de 2027', streamUrl: 'https://www.youtube.com/shorts/aqz-KE-bpKQ' },
      { label: 'Jueves 11 de febrero de 2027', streamUrl: 'https://vimeo.com/76979871' },
    ],
  },
  {
    slug: 'revascularizacion',
    name: 'Manejo anestésico en cirugía de revascularización coronaria',
    description:
      'Revascularización con y sin bomba: inducción, monitoreo, manejo de la isquemia intraoperatoria y transición a la unidad de cuidados intensivos.',
    price: 900,
    category: 'Conferencias',
    subCategory: 'Intermedio',
    isPresential: false,
    days: [
      { label: 'Sábado 13 de febrero de 2027', streamUrl: 'https://vimeo.com/event/4938416' },
      { label: 'Sábado 20 de febrero de 2027', streamUrl: 'https://vimeo.com/event/4938416' },
    ],
  },
  {
    slug: 'congenitas-adulto',
    name: 'Panel: anestesia en cardiopatías congénitas del adulto',
    description:
      'Fisiología de Fontan, cortocircuitos residuales e hipertensión pulmonar: un panel sobre el paciente adulto con cardiopatía congénita que llega a cirugía cardíaca o no cardíaca.',
    price: 900,
    category: 'Paneles',
    subCategory: 'Avanzado',
    isPresential: false,
    days: [{ label: 'Jueves 25 de febrero de 2027', streamUrl: 'https://vimeo.com/event/4938416' }],
  },
  {
    slug: 'choque-cardiogenico',
    name: 'Casos clínicos: choque cardiogénico y asistencia ventricular',
    description:
      'Balón de contrapulsación, ECMO venoarterial y dispositivos de asistencia ventricular: casos complejos discutidos por anestesiólogos, cardiólogos e intensivistas.',
    price: 1200,
    category: 'Estudios de caso',
    subCategory: 'Avanzado',
    isPresential: false,
    days: [
      { label: 'Viernes 5 de marzo de 2027', streamUrl: 'https://www.youtube.com/watch?v=ysz5S6PUM-U' },
      { label: 'Sábado 6 de marzo de 2027', streamUrl: 'https://vimeo.com/showcase/11263458' },
      { label: 'Domingo 7 de marzo de 2027', streamUrl: null },
    ],
  },
  {
    slug: 'proteccion-miocardica',
    name: 'Protección miocárdica y circulación extracorpórea',
    description:
      'Cardioplejía, hipotermia, manejo de la bomba y salida de circulación extracorpórea. Conferencias para quien ya participa en cirugía cardíaca y quiere profundizar.',
    price: 1400,
    category: 'Conferencias',
    subCategory: 'Avanzado',
    isPresential: false,
    days: [
      { label: 'Viernes 12 de marzo de 2027', streamUrl: 'https://www.youtube.com/watch?v=jNQXAC9IVRw' },
      { label: 'Sábado 13 de marzo de 2027', streamUrl: 'https://www.youtube.com/watch?v=jNQXAC9IVRw' },
    ],
  },
  {
    slug: 'simulacion-rcp',
    name: 'Jornada presencial de simulación en reanimación cardiopulmonar avanzada',
    description:
      'Jornada práctica en grupos pequeños con simuladores de alta fidelidad: paro cardíaco en el posoperatorio de cirugía cardíaca, resternotomía de urgencia y trabajo en equipo.',
    price: 2200,
    category: 'Estudios de caso',
    subCategory: 'Avanzado',
    isPresential: true,
    days: [{ label: 'Sábado 17 de abril de 2027', streamUrl: null, seatCapacity: 20 }],
  },
  {
    slug: 'hipertension-pulmonar',
    name: 'Encuentro presencial: hipertensión pulmonar en el perioperatorio',
    description:
      'Encuentro presencial con discusión en mesas de trabajo: vasodilatadores pulmonares inhalados, manejo del ventrículo derecho y selección del paciente.',
    price: 1800,
    category: 'Paneles',
    subCategory: 'Intermedio',
    isPresential: true,
    days: [
      { label: 'Viernes 23 de abril de 2027', streamUrl: null },
      { label: 'Sábado 24 de abril de 2027', streamUrl: null },
    ],
  },
  {
    slug: 'taller-arritmias',
    name: 'Taller de arritmias perioperatorias',
    description:
      'Taller práctico del 2º Curso de Anestesia Cardiovascular: reconocimiento y manejo de arritmias en el perioperatorio, marcapasos temporales y cardioversión. Viernes 30 de mayo de 2025, de 14:30 a 18:30. Cupo limitado; requiere inscripción previa al curso.',
    price: 1000,
    category: 'Estudios de caso',
    subCategory: 'Intermedio',
    isPresential: true,
    days: [{ label: 'Viernes 30 de mayo de 2025, 14:30 a 18:30', streamUrl: null, seatCapacity: 30 }],
  },
  {
    slug: 'taller-aminas',
    name: 'Taller de aminas vasoactivas',
    description:
      'Taller práctico del 2º Curso de Anestesia Cardiovascular: selección, preparación y titulación de vasopresores e inotrópicos en el paciente cardiópata. Jueves 29 de mayo de 2025, de 14:30 a 19:30. Cupo limitado; requiere inscripción previa al curso.',
    price: 1000,
    category: 'Estudios de caso',
    subCategory: 'Intermedio',
    isPresential: true,
    days: [{ label: 'Jueves 29 de mayo de 2025, 14:30 a 19:30', streamUrl: null, seatCapacity: 30 }],
  },
  {
    slug: 'curso-anestesia-cardiovascular',
    name: '2º Curso de Anestesia Cardiovascular',
    description:
      'Curso híbrido de tres días (29 al 31 de mayo de 2025) en un instituto nacional de cardiología, presencial y en transmisión en vivo. Módulos de evaluación preoperatoria, monitoreo, circulación extracorpórea, cardiopatías congénitas y cuidados posoperatorios. Puedes inscribirte a los días que te interesen.',
    price: 3000,
    category: 'Conferencias',
    subCategory: 'Avanzado',
    isPresential: false,
    days: [
      { label: 'Jueves 29 de mayo de 2025', streamUrl: 'https://vimeo.com/event/5123401' },
      { label: 'Viernes 30 de mayo de 2025', streamUrl: 'https://vimeo.com/event/5123402' },
      { label: 'Sábado 31 de mayo de 2025', streamUrl: 'https://www.youtube.com/watch?v=LXb3EKWsInQ' },
    ],
  },
];

export const DEMO_COUPON = {
  code: 'GRATIS100',
  description: 'Cupón de demostración: 100 % de descuento en toda la orden',
  discountType: 'percent' as const,
  discountValue: 100,
};

export const DEMO_CUSTOMER = {
  name: 'MARIA GONZALEZ',
  email: 'medico@demo.mx',
  password: 'Anestesia-Demo-2026',
  userType: 'especialista' as const,
};
