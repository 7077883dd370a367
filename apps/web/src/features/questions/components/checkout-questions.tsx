// Checkout's «PREGUNTAS DE REGISTRO» (docs/questions.md → At checkout): the questions of each
// event of the cart that has any, after the billing fields and before paying.
import type { AnswerDraft } from '../hooks/use-answer-drafts';
import { AnswerFields } from './answer-fields';

export function CheckoutQuestions({ drafts }: { drafts: readonly AnswerDraft[] }) {
  const asked = drafts.filter((d) => d.event.questions.length > 0);
  if (asked.length === 0) return null;
  return (
    <section aria-labelledby="checkout-questions-title" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="checkout-questions-title" className="text-xl font-bold tracking-tight">
        PREGUNTAS DE <span className="text-brand-700">REGISTRO</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        La asociación las pide a cada asistente. Guardamos tus respuestas antes del pago.
      </p>
      {asked.map((d) => (
        <section
          key={d.event.productId}
          aria-labelledby={`questions-${d.event.productId}`}
          className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-5"
        >
          <h3 id={`questions-${d.event.productId}`} className="mb-4 font-semibold text-ink">
            {d.event.productName}
          </h3>
          <AnswerFields draft={d} />
        </section>
      ))}
    </section>
  );
}
