// The answers of one event on their own page (/registro/:productId, docs/questions.md): for a
// team place's assignee or a transferred place's new holder, and for anyone changing their
// answers later. «Guardar respuestas» checks every field, saves them all or none (a refusal marks
// the fields it names) and, once saved, says so and goes on (to Mis Productos).
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { formatDateTime } from '@store/shared/domain/time';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { EventQuestions } from '@store/shared/schemas/questions';
import { Button } from '../../../components/ui/button';
import { showFirstMarked } from '../../../lib/first-marked';
import { notify } from '../../../lib/notify';
import { useNow } from '../../../lib/use-now';
import { useAnswerDrafts } from '../hooks/use-answer-drafts';
import { AnswerFields } from './answer-fields';

export function RegistrationForm({ event, onSaved }: { event: EventQuestions; onSaved: () => void }) {
  const now = useNow();
  const events = useMemo(() => [event], [event]);
  const { drafts, save } = useAnswerDrafts(events, now);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const draft = drafts[0]!;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const saved = await save();
    setSaving(false);
    if (!saved) {
      showFirstMarked(formRef.current);
      return;
    }
    notify.success(QUESTION_MSG.answersSaved);
    onSaved();
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="space-y-6">
      {draft.editable && event.editableUntil !== null && (
        <p className="text-sm text-slate-600">
          Los campos con <span className="text-brand-700">*</span> son obligatorios. Puedes cambiar tus
          respuestas hasta el {formatDateTime(event.editableUntil)}.
        </p>
      )}
      <AnswerFields draft={draft} />
      {draft.editable && (
        <Button type="submit" loading={saving} className="w-full sm:w-auto">
          Guardar respuestas
        </Button>
      )}
    </form>
  );
}
