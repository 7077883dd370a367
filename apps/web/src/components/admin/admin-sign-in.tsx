// Sign-in inside the back office (an admin going to /admin without a session lands here,
// not in the store), and the screen for a signed-in account that is not an admin.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { TextField } from '../ui/input';
import { site } from '../../config/site';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <title>{`Administración · ${site.shortName}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <Card className="w-full max-w-sm">
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}

export function AdminSignIn({
  onSubmit,
  error,
}: {
  onSubmit: (email: string, password: string) => Promise<void>;
  error?: string;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSubmit(email, password);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Frame>
      <h1 className="text-xl font-bold text-ink">Administración</h1>
      <p className="mt-1 text-sm text-slate-600">Entra con tu cuenta de administración de la tienda.</p>
      {error && (
        <Alert tone="error" className="mt-4" live>
          {error}
        </Alert>
      )}
      <form onSubmit={submit} className="mt-5 space-y-4" noValidate>
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" fullWidth loading={busy}>
          Entrar
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to="/" className="text-brand-700 underline underline-offset-2">
          Volver a la tienda
        </Link>
      </p>
    </Frame>
  );
}

export function AdminForbidden({ onLogout }: { onLogout: () => void }) {
  return (
    <Frame>
      <ShieldAlert aria-hidden="true" className="h-8 w-8 text-brand-700" />
      <h1 className="mt-3 text-xl font-bold text-ink">Sin acceso a la administración</h1>
      <p className="mt-2 text-sm text-slate-600">
        Tu cuenta no tiene permisos de administración. Si los necesitas, pide a un administrador de la
        asociación que te los otorgue.
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onLogout}>
          Entrar con otra cuenta
        </Button>
        <Link
          to="/"
          className="inline-flex h-11 items-center px-2 text-sm font-semibold text-brand-700 underline"
        >
          Ir a la tienda
        </Link>
      </div>
    </Frame>
  );
}
