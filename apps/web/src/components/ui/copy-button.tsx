// Copies a value to the clipboard (a CLABE, a reference, a webhook address) and says so for a
// moment; `what` names it for assistive technology ("Copiar CLABE").
import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from './button';

export function CopyButton({
  value,
  what,
  size = 'sm',
  variant = 'secondary',
  className,
}: {
  value: string;
  what: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const id = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(id);
  }, [state]);
  return (
    <Button
      size={size}
      variant={variant}
      className={className}
      aria-label={state === 'idle' ? `Copiar ${what}` : undefined}
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'copied' ? (
        <Check aria-hidden="true" className="h-4 w-4" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
      <span aria-live="polite">
        {state === 'copied' ? 'Copiado' : state === 'failed' ? 'Cópialo a mano' : 'Copiar'}
      </span>
    </Button>
  );
}
