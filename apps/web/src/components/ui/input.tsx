// Form controls with their labels, hints and errors wired for assistive technology
// (label[for], aria-invalid, aria-describedby). Work with react-hook-form's `register` spread.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

const control =
  'block w-full rounded-lg border bg-white px-3 text-base text-ink shadow-sm placeholder:text-slate-500 ' +
  'transition-colors focus:border-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';
const controlBorder = (invalid?: boolean) =>
  invalid ? 'border-red-700' : 'border-slate-300 hover:border-slate-400';

export type InputProps = ComponentProps<'input'> & { invalid?: boolean };

export function Input({ className, invalid, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(control, 'h-11', controlBorder(invalid), className)}
      {...props}
    />
  );
}

export type TextareaProps = ComponentProps<'textarea'> & { invalid?: boolean };

export function Textarea({ className, invalid, rows = 5, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn(control, 'py-2', controlBorder(invalid), className)}
      {...props}
    />
  );
}

export type SelectProps = ComponentProps<'select'> & { invalid?: boolean };

export function Select({ className, invalid, children, ...props }: SelectProps) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cn(control, 'h-11 pr-8', controlBorder(invalid), className)}
      {...props}
    >
      {children}
    </select>
  );
}

export type LabelProps = ComponentProps<'label'> & { required?: boolean };

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <label className={cn('block text-sm font-medium text-ink', className)} {...props}>
      {children}
      {required && (
        <span className="text-brand-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

export function FieldHint({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

/** Props a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  invalid: boolean;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + control + hint + error, with the ids wired; the control is rendered by `children`. */
export function Field({ label, error, hint, required, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label htmlFor={controlId} required={required}>
        {label}
      </Label>
      <div className="mt-1">
        {children({ id: controlId, 'aria-describedby': describedBy, invalid: Boolean(error), required })}
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

type FieldOwnProps = Pick<FieldProps, 'label' | 'error' | 'hint'> & { containerClassName?: string };

/**
 * A control wrapped in its Field: the wrapper's own props (label, error, hint, id, required,
 * containerClassName) go to the Field, everything else to the control, which also receives
 * the ids and the invalid flag.
 */
function withField<P extends { id?: string; required?: boolean; invalid?: boolean }>(
  Control: (props: P) => ReactNode,
) {
  return function LabelledControl({
    label,
    error,
    hint,
    containerClassName,
    id,
    required,
    ...props
  }: Omit<P, 'invalid'> & FieldOwnProps) {
    return (
      <Field
        label={label}
        error={error}
        hint={hint}
        required={required}
        id={id}
        className={containerClassName}
      >
        {(c) => <Control {...(props as unknown as P)} {...c} />}
      </Field>
    );
  };
}

export type TextFieldProps = Omit<InputProps, 'invalid'> & FieldOwnProps;
export const TextField = withField(Input);

export type TextareaFieldProps = Omit<TextareaProps, 'invalid'> & FieldOwnProps;
export const TextareaField = withField(Textarea);

export type SelectFieldProps = Omit<SelectProps, 'invalid'> & FieldOwnProps;
export const SelectField = withField(Select);

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  error?: string;
  containerClassName?: string;
};

/** A checkbox with its clickable label beside it. */
export function Checkbox({ label, error, id, className, containerClassName, ...props }: CheckboxProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={containerClassName}>
      <div className="flex items-start gap-2">
        <input
          id={controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={cn('mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded accent-brand-700', className)}
          {...props}
        />
        <label htmlFor={controlId} className="cursor-pointer text-sm text-ink">
          {label}
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
