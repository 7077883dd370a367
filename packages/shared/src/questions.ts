// Registration questions (docs/questions.md): the kinds of question, their limits and the
// ready-made ones the association adds with one click.

export const QUESTION_KINDS = [
  'texto',
  'texto_largo',
  'opcion',
  'opciones',
  'si_no',
  'numero',
  'fecha',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  texto: 'Texto corto',
  texto_largo: 'Texto largo',
  opcion: 'Una opción',
  opciones: 'Varias opciones',
  si_no: 'Sí / No',
  numero: 'Número',
  fecha: 'Fecha',
};
/** Kinds whose answer is one or several of the question's options. */
export const CHOICE_KINDS: readonly QuestionKind[] = ['opcion', 'opciones'];

/** Whether a person answered every required question that applies to them (a team's buyer sees only this). */
export const REGISTRATION_STATES = ['completa', 'pendiente'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const QUESTIONS_PER_EVENT_MAX = 20;
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_HELP_MAX = 300;
export const QUESTION_OPTIONS_MAX = 20;
export const QUESTION_OPTION_MAX = 100;
export const ANSWER_TEXT_MAX = 200;
export const ANSWER_LONG_TEXT_MAX = 2000;

/**
 * Ready-made questions. `preset` also links an attendee's answers across events: the answer
 * given to «Institución» for one event is proposed for the next event's «Institución».
 */
export const QUESTION_PRESETS = ['institucion', 'especialidad', 'restricciones', 'patrocinadores'] as const;
export type QuestionPreset = (typeof QUESTION_PRESETS)[number];
export const PRESET_QUESTIONS: Record<
  QuestionPreset,
  { kind: QuestionKind; label: string; help: string | null; required: boolean; options: string[] }
> = {
  institucion: {
    kind: 'texto',
    label: 'Institución donde trabajas',
    help: 'Hospital, clínica o universidad.',
    required: true,
    options: [],
  },
  especialidad: {
    kind: 'opcion',
    label: 'Especialidad',
    help: null,
    required: true,
    options: [
      'Anestesiología',
      'Anestesia cardiovascular',
      'Cirugía cardiotorácica',
      'Cardiología',
      'Medicina crítica',
      'Enfermería',
      'Otra',
    ],
  },
  restricciones: {
    kind: 'texto_largo',
    label: 'Restricciones alimentarias o alergias',
    help: 'Para los días presenciales. Déjalo vacío si no tienes ninguna.',
    required: false,
    options: [],
  },
  patrocinadores: {
    kind: 'si_no',
    label: '¿Aceptas que los patrocinadores del evento te contacten?',
    help: 'Solo compartimos tu nombre y correo con los patrocinadores si respondes que sí.',
    required: false,
    options: [],
  },
};
