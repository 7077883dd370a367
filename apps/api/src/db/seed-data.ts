// Demo catalogue, generated from the date the seed runs so a fresh store always has
// something to sell: events across the three categories and levels, every stream-link form
// that normalisation handles, in-person events with seat limits, the association's course
// (three days, hybrid) about six to seven weeks ahead with its two workshops on the
// afternoons of its first two days, one series whose first day has already passed, and one
// finished event. Wall times are Mexico City time; day labels are written from the dates.
// Images are our own SVG covers under /covers/.

import type { Category, Level, SaleMode, UserType } from '@store/shared/constants';
import {
  addCalendarDays,
  calendarWeekday,
  endOfMexicoCityDay,
  formatDateRange,
  formatDayLabel,
  fromMexicoCityLocal,
  mexicoCityDate,
} from '@store/shared/domain/time';
import { site } from '@store/shared/site';

export interface SeedDay {
  label: string;
  startsAt: Date;
  endsAt: Date;
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
  /** Default por_dia. */
  saleMode?: SaleMode;
  /** Slug of the event a buyer must hold or buy with this one. */
  requires?: string;
  /** Where the in-person days happen (the course, hybrid, and its workshops). */
  venue?: { name: string; address: string; mapUrl: string };
  /** The published fees (pesos); `until` = the step applies while now < until. */
  tiers?: SeedTier[];
}

export interface SeedTier {
  userType: UserType;
  until: Date | null;
  price: number;
  scholarshipPrice: number | null;
}

export const COURSE_SLUG = 'curso-anestesia-cardiovascular';
/** The one event whose days are all in the past, with attendance and a constancia (DEMO_ATTENDEES). */
export const FINISHED_EVENT_SLUG = 'ecocardiografia-transesofagica';
/** The course starts on the first Thursday at least this many days after the seed runs. */
export const COURSE_LEAD_DAYS = 42;
/**
 * Early-bird cut-off of the course: the end (23:59:59.999 Mexico City) of the day this many
 * calendar days before its first day, as the published fees do ("hasta el 15 de mayo" for a
 * course on 29 May). The specialists' early-bird step of the course ends right after it.
 */
export const COURSE_EARLY_BIRD_DAYS_BEFORE = 14;

export interface DemoCatalogue {
  /** Oldest first: the seed gives each a later creation time, so the course comes out on top. */
  products: SeedProduct[];
  /** Between the seed's "today" and the course's first day. */
  courseEarlyBirdEndsAt: Date;
}

/** One demo day: `offset` calendar days from `today`, `from`–`to` in Mexico City time. */
function day(
  today: string,
  offset: number,
  from: string,
  to: string,
  extra: { streamUrl: string | null; seatCapacity?: number },
): SeedDay {
  const date = addCalendarDays(today, offset);
  const startsAt = fromMexicoCityLocal(`${date}T${from}`)!;
  return {
    label: formatDayLabel(startsAt, { year: false }),
    startsAt,
    endsAt: fromMexicoCityLocal(`${date}T${to}`)!,
    ...extra,
  };
}

export function demoCatalogue(now: Date): DemoCatalogue {
  const today = mexicoCityDate(now);
  const untilThursday = (4 - calendarWeekday(addCalendarDays(today, COURSE_LEAD_DAYS)) + 7) % 7;
  const course = COURSE_LEAD_DAYS + untilThursday;
  const d = (offset: number, from: string, to: string, streamUrl: string | null, seatCapacity?: number) =>
    day(today, offset, from, to, { streamUrl, ...(seatCapacity ? { seatCapacity } : {}) });

  const courseDays = [
    d(course, '09:00', '18:00', 'https://vimeo.com/event/5123401'),
    d(course + 1, '09:00', '18:00', 'https://vimeo.com/event/5123402'),
    d(course + 2, '09:00', '18:00', 'https://www.youtube.com/watch?v=LXb3EKWsInQ'),
  ];
  const aminas = d(course, '14:30', '19:30', null, 30);
  const arritmias = d(course + 1, '14:30', '18:30', null, 30);
  const courseSpan = formatDateRange(courseDays[0]!.startsAt, courseDays[2]!.endsAt);
  const courseEarlyBirdEndsAt = endOfMexicoCityDay(
    addCalendarDays(today, course - COURSE_EARLY_BIRD_DAYS_BEFORE),
  );
  // The association's published fees (docs/fees.md): general pays the event's price.
  const earlyBirdUntil = new Date(courseEarlyBirdEndsAt.getTime() + 1);
  const courseTiers: SeedTier[] = [
    { userType: 'especialista', until: earlyBirdUntil, price: 2500, scholarshipPrice: null },
    { userType: 'especialista', until: null, price: 3000, scholarshipPrice: null },
    ...(['residente', 'enfermeria', 'estudiante'] as const).map((userType) => ({
      userType,
      until: null,
      price: 2000,
      scholarshipPrice: 1500,
    })),
    { userType: 'personal_hospital', until: null, price: 0, scholarshipPrice: null },
  ];

  const products: SeedProduct[] = [
    {
      slug: FINISHED_EVENT_SLUG,
      name: 'Ecocardiografía transesofágica perioperatoria: fundamentos',
      description:
        'Curso introductorio de ecocardiografía transesofágica: las 20 vistas básicas, evaluación de la función ventricular y de las válvulas, y su uso para guiar decisiones en quirófano.',
      price: 1500,
      category: 'Conferencias',
      subCategory: 'Basico',
      isPresential: false,
      days: [
        d(-38, '16:00', '20:00', 'https://www.youtube.com/watch?v=M7lc1UVf-VE'),
        d(-37, '16:00', '20:00', 'https://youtu.be/M7lc1UVf-VE'),
        d(-36, '16:00', '20:00', 'https://www.youtube.com/shorts/aqz-KE-bpKQ'),
        d(-35, '16:00', '20:00', 'https://vimeo.com/76979871'),
      ],
    },
    {
      slug: 'analgesia-regional',
      name: 'Analgesia regional en cirugía cardíaca',
      description:
        'Conferencia sobre bloqueos de pared torácica (erector de la espina, serrato anterior, paraesternales) como parte de una estrategia de analgesia multimodal y recuperación acelerada en cirugía cardíaca.',
      price: 600,
      category: 'Conferencias',
      subCategory: 'Basico',
      isPresential: false,
      days: [d(9, '19:00', '21:00', 'https://youtu.be/aqz-KE-bpKQ')],
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
      days: [d(12, '18:00', '20:00', 'https://vimeo.com/76979871')],
    },
    {
      // A weekly series already under way: its first session has passed, the second is ahead.
      slug: 'enfermeria-cardiopata',
      name: 'Panel: enfermería en el cuidado del paciente cardiópata',
      description:
        'Panel interdisciplinario sobre cuidados de enfermería en el perioperatorio cardíaco: monitoreo invasivo, manejo de drenajes, prevención de infecciones y educación al paciente y su familia.',
      price: 400,
      category: 'Paneles',
      subCategory: 'Basico',
      isPresential: false,
      days: [
        d(-4, '10:00', '13:00', 'https://www.youtube.com/watch?v=ScMzIvxBSi4'),
        d(3, '10:00', '13:00', 'https://www.youtube.com/live/jfKfPfyJRdk'),
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
      days: [d(16, '19:00', '21:00', 'https://vimeo.com/showcase/11263458')],
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
      days: [d(20, '18:00', '20:00', 'https://player.vimeo.com/video/148751763')],
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
        d(24, '10:00', '14:00', 'https://vimeo.com/event/4938416'),
        d(31, '10:00', '14:00', 'https://vimeo.com/event/4938416'),
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
      days: [d(58, '19:00', '21:00', 'https://vimeo.com/event/4938416')],
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
        d(65, '09:00', '14:00', 'https://www.youtube.com/watch?v=ysz5S6PUM-U'),
        d(66, '09:00', '14:00', 'https://vimeo.com/showcase/11263458'),
        d(67, '09:00', '14:00', null),
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
        d(73, '09:00', '14:00', 'https://www.youtube.com/watch?v=jNQXAC9IVRw'),
        d(74, '09:00', '14:00', 'https://www.youtube.com/watch?v=jNQXAC9IVRw'),
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
      days: [d(82, '08:00', '17:00', null, 20)],
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
      days: [d(95, '09:00', '17:00', null), d(96, '09:00', '14:00', null)],
    },
    {
      slug: 'taller-arritmias',
      name: 'Taller de arritmias perioperatorias',
      description: `Taller práctico del 2º Curso de Anestesia Cardiovascular: reconocimiento y manejo de arritmias en el perioperatorio, marcapasos temporales y cardioversión. ${formatDayLabel(arritmias.startsAt)}, de 14:30 a 18:30. Cupo limitado; requiere inscripción previa al curso.`,
      price: 1000,
      category: 'Estudios de caso',
      subCategory: 'Intermedio',
      isPresential: true,
      days: [arritmias],
      requires: COURSE_SLUG,
      venue: site.course.venuePlace,
    },
    {
      slug: 'taller-aminas',
      name: 'Taller de aminas vasoactivas',
      description: `Taller práctico del 2º Curso de Anestesia Cardiovascular: selección, preparación y titulación de vasopresores e inotrópicos en el paciente cardiópata. ${formatDayLabel(aminas.startsAt)}, de 14:30 a 19:30. Cupo limitado; requiere inscripción previa al curso.`,
      price: 1000,
      category: 'Estudios de caso',
      subCategory: 'Intermedio',
      isPresential: true,
      days: [aminas],
      requires: COURSE_SLUG,
      venue: site.course.venuePlace,
    },
    {
      slug: COURSE_SLUG,
      name: '2º Curso de Anestesia Cardiovascular',
      description: `Curso híbrido de tres días (${courseSpan}) en un instituto nacional de cardiología, presencial y en transmisión en vivo. Módulos de evaluación preoperatoria, monitoreo, circulación extracorpórea, cardiopatías congénitas y cuidados posoperatorios. La inscripción incluye los tres días.`,
      price: 3000,
      category: 'Conferencias',
      subCategory: 'Avanzado',
      isPresential: false,
      // Hybrid: streamed, and held at the institute.
      venue: site.course.venuePlace,
      days: courseDays,
      saleMode: 'completo',
      tiers: courseTiers,
    },
  ];

  return {
    products,
    courseEarlyBirdEndsAt,
  };
}

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

// ---- The finished event, as it looks after it happened (docs/dates-and-time.md → Demo data) ----
// Staff and evaluators see a constancia and an evaluation at once, without waiting for an
// event to end: the finished event is endorsed and asks an evaluation, the demo customer
// bought it, watched enough of three of its four days, passed the evaluation and has her
// constancia; a colleague attended, passed on his second attempt and is ready for "Emitir
// constancias". The seed writes what staff set up; what the attendees did goes through the
// store's own rules at start (modules/attendance/demo.ts).

/** The endorsement printed on the finished event's constancias (4 days × 4 h). */
export const DEMO_FINISHED_ENDORSEMENT = {
  body: 'Consejo Mexicano de Anestesiología, A.C.',
  number: 'CMA-DEMO-0147',
  hours: 16,
  points: 8,
};

/** Its evaluation: three exam questions (pass mark 70 %) and one survey question. */
export const DEMO_FINISHED_EVALUATION = {
  passPercent: 70,
  maxAttempts: 3,
  questions: [
    {
      kind: 'examen' as const,
      text: '¿Cuántas vistas describe el examen transesofágico completo de la guía clásica (ASE/SCA, 1999)?',
      options: ['11', '20', '28'],
      correct: 1,
    },
    {
      kind: 'examen' as const,
      text: '¿Qué vista se usa con más frecuencia para vigilar la función del ventrículo izquierdo en quirófano?',
      options: [
        'Eje corto transgástrico medio',
        'Cuatro cámaras medioesofágica',
        'Eje largo de la aorta ascendente',
      ],
      correct: 0,
    },
    {
      kind: 'examen' as const,
      text: '¿Cuál es una contraindicación absoluta para colocar la sonda transesofágica?',
      options: ['Hernia hiatal pequeña', 'Estenosis o perforación esofágica', 'Anticoagulación terapéutica'],
      correct: 1,
    },
    {
      kind: 'encuesta' as const,
      text: '¿Cómo calificas el curso en general?',
      options: ['Excelente', 'Bueno', 'Regular', 'Malo'],
      correct: null,
    },
  ],
};

/** A colleague of the demo customer who attended too: an account without a password (it cannot sign in). */
export const DEMO_COLLEAGUE = {
  name: 'JORGE RAMIREZ LUNA',
  email: 'residente@demo.mx',
  userType: 'residente' as const,
};

export interface DemoAttendee {
  email: string;
  /** Mi cuenta → Datos para constancias. */
  profile: { certificateName: string; cedula: string; specialty: string; institution: string };
  /** Share of each day watched online, in day order (a day counts from 80 %). */
  watched: number[];
  /** The option chosen per question, one list per attempt, in order. */
  attempts: number[][];
  /**
   * Issued at start, as the constancias job would have done after the event; otherwise left for
   * the job (which would issue it at the next run to whoever qualifies).
   */
  constancia: boolean;
}

export const DEMO_ATTENDEES: DemoAttendee[] = [
  {
    email: DEMO_CUSTOMER.email,
    profile: {
      certificateName: 'María González Ruiz',
      cedula: '12345678',
      specialty: 'Anestesiología',
      institution: 'Hospital de Especialidades de la Ciudad de México',
    },
    // The third day was cut short: three days count.
    watched: [0.97, 0.93, 0.45, 1],
    attempts: [[1, 0, 1, 0]],
    constancia: true,
  },
  {
    email: DEMO_COLLEAGUE.email,
    profile: {
      certificateName: 'Jorge Ramírez Luna',
      cedula: '87654321',
      specialty: 'Anestesiología (residente)',
      institution: 'Hospital de Especialidades de la Ciudad de México',
    },
    watched: [1, 0.9, 0.86, 0.95],
    attempts: [
      [0, 1, 1, 1],
      [1, 0, 1, 1],
    ],
    constancia: true,
  },
];

/** They bought the finished event this many days before its first day (at 10:00). */
export const DEMO_PURCHASE_DAYS_BEFORE = 21;
