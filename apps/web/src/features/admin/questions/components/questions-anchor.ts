// The anchor of «Preguntas de registro» on the event page: the answers page's «Editar preguntas»
// opens the event page there (a module of its own, so that page does not load the editor).
export const QUESTIONS_ANCHOR = 'preguntas';
