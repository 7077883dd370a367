// "Tus datos" card of Mi cuenta: name, e-mail and participant type of the signed-in account.
import { USER_TYPE_LABELS } from '@store/shared/constants';
import type { PublicUser } from '@store/shared/schemas/user';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

export function ProfileCard({ user }: { user: PublicUser }) {
  const rows: [string, string][] = [
    ['Nombre', user.name],
    ['Correo electrónico', user.email],
    ['Tipo de participante', USER_TYPE_LABELS[user.userType]],
  ];
  return (
    <Card aria-labelledby="account-profile-title">
      <CardHeader>
        <CardTitle id="account-profile-title">Tus datos</CardTitle>
        <CardDescription>
          Para cambiar tu tipo de participante, solicítalo con tu comprobante en{' '}
          <a
            href="#tipo-de-participante"
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Tipo de participante
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
              <dd className="mt-1 text-sm break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
