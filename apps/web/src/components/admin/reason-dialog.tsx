// A staff action that needs its reason in words (revoking a constancia, correcting a day's
// attendance, refusing a participant-type request): `validate` says what is wrong with the
// text (the API's own message), the reason goes to the audit log and, where the action says so,
// to the member. `choices` adds options before the reason (a correction: cuenta / no cuenta /
// quitar la corrección).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, Textarea } from '../ui/input';

export interface ReasonChoice<T extends string> {
  value: T;
  label: string;
}

export function ReasonDialog<T extends string>({
  open,
  title,
  description,
  confirm,
  tone = 'primary',
  validate,
  maxLength = 300,
  hint = 'Queda en la bitácora.',
  choices,
  initialChoice,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirm: string;
  tone?: 'primary' | 'danger';
  /** The API's own refusal text for this reason (already trimmed), or undefined when it is fine. */
  validate: (text: string) => string | undefined;
  maxLength?: number;
  /** Under the field (default: that it stays in the audit log). */
  hint?: string;
  choices?: ReasonChoice<T>[];
  initialChoice?: T;
  busy: boolean;
  onConfirm: (reason: string, choice: T | undefined) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [choice, setChoice] = useState<T | undefined>(initialChoice);
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim().replace(/\s+/g, ' ');
    const problem = validate(text);
    setError(problem);
    // The text stays while the call runs (a refusal keeps it); a new subject gets a new `key`.
    if (!problem) onConfirm(text, choice);
  };
  return (
    <Dialog open={open} onClose={close} title={title} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {choices && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">El día</legend>
            {choices.map((c) => (
              <label key={c.value} className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="reason-choice"
                  value={c.value}
                  checked={choice === c.value}
                  onChange={() => setChoice(c.value)}
                  className="h-4 w-4 accent-brand-700"
                />
                {c.label}
              </label>
            ))}
          </fieldset>
        )}
        <Field label="Motivo" required error={error} hint={hint}>
          {(control) => (
            <Textarea
              {...control}
              data-autofocus
              rows={3}
              maxLength={maxLength}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" variant={tone} loading={busy}>
            {confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
