// "Sesiones" card of Mi cuenta: closes the session on every device after a confirmation.
// The server ends every token of the account, this one too, so the page then logs out here.
import { useState } from 'react';
import { LogOut, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage, notify } from '../../../lib/notify';
import { useLogoutAll } from '../api/logout-all';

export function SessionsCard({ onLoggedOut }: { onLoggedOut: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const logoutAll = useLogoutAll();

  const confirm = () =>
    logoutAll.mutate(undefined, {
      onSuccess: (res) => {
        setConfirming(false);
        notify.success(res.message ?? 'Se cerró la sesión en todos los dispositivos');
        onLoggedOut();
      },
      onError: (err) => notify.error(errorMessage(err, 'No se pudo cerrar la sesión. Inténtalo de nuevo')),
    });

  return (
    <Card aria-labelledby="account-sessions-title">
      <CardHeader>
        <CardTitle id="account-sessions-title">Sesiones</CardTitle>
        <CardDescription>
          Si usaste tu cuenta en una computadora ajena o perdiste un dispositivo, cierra la sesión en todos a
          la vez.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* On a phone the label wraps inside the card instead of running past it. */}
        <Button
          variant="secondary"
          className="h-auto min-h-11 py-2 text-left"
          onClick={() => setConfirming(true)}
        >
          <LogOut aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="whitespace-normal">Cerrar sesión en todos los dispositivos</span>
        </Button>
      </CardContent>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="¿Cerrar sesión en todos los dispositivos?"
        description="Se cerrará la sesión en todos los navegadores y teléfonos donde hayas entrado, también en este. Podrás volver a entrar con tu correo y contraseña."
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" data-autofocus onClick={() => setConfirming(false)}>
            Cancelar
          </Button>
          <Button variant="danger" loading={logoutAll.isPending} onClick={confirm}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            Cerrar todas las sesiones
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
