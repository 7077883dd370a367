// Shows a temporary password the server just drew, once: a copy button, and what happens
// next in plain words (the member must choose a new password at first login, docs/product.md → First login).
// Closing the dialog forgets the password; the store never shows it again.
import { useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Input, Label } from '../../../../components/ui/input';

export interface TemporaryPasswordResult {
  member: AdminMember;
  temporaryPassword: string;
  /** The account was just created (rather than an existing one's password replaced). */
  created: boolean;
}

export function TemporaryPasswordDialog({
  result,
  onClose,
}: {
  result: TemporaryPasswordResult | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      title={result?.created ? 'Cuenta creada' : 'Contraseña temporal asignada'}
      description={result ? `${result.member.name} · ${result.member.email}` : undefined}
    >
      {/* Keyed by the password so the "copied" state never carries over to another one. */}
      {result && <PasswordPanel key={result.temporaryPassword} result={result} onClose={onClose} />}
    </Dialog>
  );
}

function PasswordPanel({ result, onClose }: { result: TemporaryPasswordResult; onClose: () => void }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(result.temporaryPassword);
      setCopy('copied');
    } catch {
      // No clipboard (an old browser, a page without HTTPS): select it for Ctrl+C instead.
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className="space-y-5">
      <div>
        <Label htmlFor={inputId}>Contraseña temporal</Label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={inputId}
            readOnly
            value={result.temporaryPassword}
            spellCheck={false}
            autoComplete="off"
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-lg tracking-wider"
          />
          <Button variant="secondary" onClick={() => void onCopy()} data-autofocus className="shrink-0">
            {copy === 'copied' ? (
              <Check aria-hidden="true" className="h-4 w-4 text-emerald-700" />
            ) : (
              <Copy aria-hidden="true" className="h-4 w-4" />
            )}
            {copy === 'copied' ? 'Copiada' : 'Copiar'}
          </Button>
        </div>
        <p role="status" className="mt-1.5 text-sm text-slate-600">
          {copy === 'copied'
            ? 'Copiada al portapapeles.'
            : copy === 'failed'
              ? 'No se pudo copiar: la contraseña quedó seleccionada, cópiala con Ctrl+C.'
              : // Until a copy is tried, the line helps whoever dictates it on the phone.
                'Solo letras minúsculas y números; los guiones también se escriben.'}
        </p>
      </div>
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>
          <strong className="text-ink">Solo se muestra esta vez.</strong> Compártela únicamente con la persona
          titular de la cuenta, por teléfono o en persona.
        </li>
        <li>
          Cuando inicie sesión en la tienda con su correo y esta contraseña, se le pedirá elegir una
          contraseña nueva antes de continuar.
        </li>
        {!result.created && (
          <li>Su contraseña anterior ya no funciona y sus sesiones abiertas se cerraron.</li>
        )}
      </ul>
      <div className="flex justify-end">
        <Button onClick={onClose}>Listo</Button>
      </div>
    </div>
  );
}
