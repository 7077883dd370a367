// The contact form (inside the Contactanos dialog): validated with the same schema as the
// API, sent to POST /api/contact, then replaced by the success message.
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { formResolver } from '../../../lib/form-resolver';
import { Link } from 'react-router';
import { MSG } from '@store/shared/messages';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPICS,
  contactBody,
  type ContactInput,
} from '@store/shared/schemas/contact';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, SelectField, TextareaField, TextField } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/notify';
import { useSendContactMessage } from '../api/send-contact-message';

export function ContactForm({ onDone }: { onDone: () => void }) {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ContactInput>({
    resolver: formResolver(contactBody),
    defaultValues: { name: '', email: '', phone: '', topic: CONTACT_TOPICS[0], message: '', consent: false },
  });
  const messageLength = watch('message')?.length ?? 0;

  if (send.isSuccess) return <ContactSent message={send.data.message} onDone={onDone} />;

  return (
    <form noValidate onSubmit={handleSubmit((values) => send.mutate(values))} className="space-y-4">
      <TextField
        label="Nombre completo"
        autoComplete="name"
        required
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Teléfono (opcional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <SelectField label="Tema" required error={errors.topic?.message} {...register('topic')}>
        {CONTACT_TOPICS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Mensaje"
        required
        rows={5}
        maxLength={CONTACT_MESSAGE_MAX}
        hint={`${messageLength} de ${CONTACT_MESSAGE_MAX} caracteres`}
        error={errors.message?.message}
        {...register('message')}
      />
      <Checkbox
        label={
          <>
            Acepto el{' '}
            <Link to="/privacy-policy" target="_blank" className="font-medium text-brand-700 underline">
              aviso de privacidad
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </Link>
            .
          </>
        }
        error={errors.consent?.message}
        {...register('consent')}
      />
      {send.isError && (
        <Alert tone="error" live>
          {errorMessage(send.error, MSG.contactError)}
        </Alert>
      )}
      <Button type="submit" fullWidth size="lg" loading={send.isPending}>
        Enviar mensaje
      </Button>
    </form>
  );
}

/** Replaces the form once sent; takes the focus so it is not lost with the removed form. */
function ContactSent({ message, onDone }: { message: string; onDone: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className="space-y-5">
      <Alert tone="success" title="Mensaje enviado" live>
        {message}
      </Alert>
      <Button ref={closeRef} onClick={onDone} fullWidth>
        Cerrar
      </Button>
    </div>
  );
}
