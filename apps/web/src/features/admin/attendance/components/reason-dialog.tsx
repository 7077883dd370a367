// A staff action that needs its reason in words (revoking a constancia, correcting a day's
// attendance): 3-300 characters, kept in the audit log and, for a revocation, sent to the member.
// `choices` adds the options of a correction (cuenta / no cuenta / quitar la corrección).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Textarea } from '../../../../components/ui/input';

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
  invalidMessage,
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
  /** The API's own refusal text for a reason out of length. */
  invalidMessage: string;
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
    if (text.length < 3 || text.length > 300) return setError(invalidMessage);
    setError(undefined);
    onConfirm(text, choice);
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
        <Field label="Motivo" required error={error} hint="Queda en la bitácora.">
          {(control) => (
            <Textarea
              {...control}
              data-autofocus
              rows={3}
              maxLength={300}
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
