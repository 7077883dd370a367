// "Constancias" on Mis Productos: each constancia issued to the account, with its PDF (Carta or
// A4) and the public page that verifies its folio. Hidden when there are none.
import { Link } from 'react-router';
import { Award, Download } from 'lucide-react';
import { formatDuration } from '@store/shared/domain/attendance';
import { formatDate } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage, notify } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { downloadConstancia, useMyConstancias } from '../api/constancias';

export function ConstanciasSection() {
  const constancias = useMyConstancias();
  if (!constancias.data || constancias.data.length === 0) return null;
  const download = (folio: string, paper: 'carta' | 'a4') =>
    downloadConstancia(folio, paper)
      .then(saveFile)
      .catch((err: unknown) => notify.error(errorMessage(err, MSG.genericProcessError)));
  return (
    <section aria-labelledby="constancias-title" className="mt-10">
      <h2 id="constancias-title" className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <Award aria-hidden="true" className="h-5 w-5 text-brand-700" /> Constancias
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
        {constancias.data.map((c) => (
          <li
            key={c.folio}
            className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-semibold">
                {c.eventName}{' '}
                {c.revoked && (
                  <Badge tone="danger" className="ml-1 align-middle">
                    Revocada
                  </Badge>
                )}
              </p>
              <p className="text-sm text-slate-600">
                {formatDuration(c.minutes)} · emitida el {formatDate(c.issuedAt)} · folio{' '}
                <Link
                  to={`/constancias/${c.folio}`}
                  className="font-mono font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {c.folio}
                </Link>
              </p>
            </div>
            {!c.revoked && (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => void download(c.folio, 'carta')}>
                  <Download aria-hidden="true" className="h-4 w-4" /> Descargar PDF
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void download(c.folio, 'a4')}>
                  <Download aria-hidden="true" className="h-4 w-4" /> Versión A4
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
