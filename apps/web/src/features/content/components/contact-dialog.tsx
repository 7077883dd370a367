// The Contactanos button of /contact and the dialog with the contact form it opens.
import { useState } from 'react';
import { MessageSquareText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ContactForm } from './contact-form';

export function ContactDialog() {
  const [open, setOpen] = useState(false);
  // A new key per opening: the form starts empty again after a message was sent.
  const [session, setSession] = useState(0);
  return (
    <>
      <Button
        size="lg"
        onClick={() => {
          setSession((s) => s + 1);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        <MessageSquareText aria-hidden="true" className="h-5 w-5" />
        Contactanos
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Escríbenos"
        description="Te responderemos por correo electrónico en horario de oficina. Los campos con * son obligatorios."
      >
        <ContactForm key={session} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
