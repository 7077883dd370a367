// /admin/members/import: a CSV (name,email,userType) is checked first (nothing is written);
// the report lists every problem with its line; a clean file imports with one click, a file
// with problems only when the valid rows are confirmed explicitly.
import { useId, useState } from 'react';
import { ArrowLeft, FileUp } from 'lucide-react';
import { USER_TYPE_LABELS, USER_TYPES } from '@store/shared/constants';
import type { AdminImportProblem, AdminImportResponse } from '@store/shared/schemas/admin/members';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useImportMembers } from '../../../features/admin/members/api/import-members';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { DataTable, type Column } from '../../../components/admin/data-table';
import { errorMessage, notify } from '../../../lib/notify';

const EXAMPLE =
  'name,email,userType\nMaría Pérez,maria.perez@hospital.mx,residente\nLuis Gómez,luis.gomez@hospital.mx,enfermeria';

const PROBLEM_COLUMNS: Column<AdminImportProblem>[] = [
  { header: 'Línea', className: 'tabular-nums', cell: (p) => p.line },
  { header: 'Correo', className: 'break-all', cell: (p) => p.email ?? '—' },
  {
    header: 'Motivo',
    cell: (p) => (
      <>
        {p.kind === 'duplicate' && (
          <Badge tone="warning" className="mr-1">
            Duplicado
          </Badge>
        )}
        {p.reason}
      </>
    ),
  },
];

export function Component() {
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<AdminImportResponse | null>(null);
  const [error, setError] = useState<string>();
  const run = useImportMembers();

  const check = async (text: string) => {
    setError(undefined);
    setReport(null);
    try {
      setReport(await run.mutateAsync({ csv: text, dryRun: true }));
    } catch (err) {
      setError(errorMessage(err, 'No se pudo revisar el archivo'));
    }
  };

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    const text = await f.text();
    setFile({ name: f.name, text });
    await check(text);
  };

  const importNow = async (onlyValid: boolean) => {
    if (!file) return;
    try {
      const res = await run.mutateAsync({ csv: file.text, onlyValid });
      setReport(res);
      if (res.imported) notify.success(res.message);
      else notify.error(res.message);
    } catch (err) {
      setError(errorMessage(err, 'No se pudo importar'));
    }
  };

  const problems = report?.problems ?? [];
  const valid = report?.valid ?? [];

  return (
    <>
      <AdminPageHeader
        title="Importar miembros"
        description="Crea cuentas desde un archivo CSV. Cada cuenta nueva recibe un correo con un enlace (válido 7 días) para definir su contraseña."
        actions={
          <ButtonLink to="/admin/members" variant="ghost" size="sm">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Miembros
          </ButtonLink>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardTitle>1. Elige el archivo</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-sm text-slate-700">
            <p>
              La primera fila es el encabezado{' '}
              <code className="rounded bg-slate-100 px-1">name,email,userType</code> (también sirve{' '}
              <code className="rounded bg-slate-100 px-1">nombre,correo,tipo</code>). Separado por comas o
              punto y coma; UTF-8.
            </p>
            <pre className="rounded-lg bg-slate-100 p-3 text-xs break-all whitespace-pre-wrap">{EXAMPLE}</pre>
            <p>
              Tipos válidos:{' '}
              {USER_TYPES.map((t, i) => (
                <span key={t}>
                  <code className="rounded bg-slate-100 px-1">{t}</code> ({USER_TYPE_LABELS[t]})
                  {i < USER_TYPES.length - 1 ? ', ' : '. '}
                </span>
              ))}
              Vacío equivale a <code className="rounded bg-slate-100 px-1">general</code>.
            </p>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <label htmlFor={inputId} className={buttonVariants({ className: 'cursor-pointer' })}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              {file ? 'Elegir otro archivo' : 'Elegir archivo CSV'}
            </label>
            {file && <p className="text-slate-600">Archivo: {file.name}</p>}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>2. Revisa y confirma</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4" aria-live="polite">
            {error && (
              <Alert tone="error" live>
                {error}
              </Alert>
            )}
            {!report && !error && (
              <p className="text-sm text-slate-600">
                {run.isPending
                  ? 'Revisando el archivo…'
                  : 'Al elegir un archivo verás aquí qué se importará. Nada se guarda hasta que confirmes.'}
              </p>
            )}
            {report && (
              <>
                {report.imported ? (
                  <Alert tone="success" title="Importación terminada">
                    {report.message}
                  </Alert>
                ) : (
                  <div className="flex flex-wrap gap-2 text-sm">
                    <Badge>
                      {report.totalRows} {report.totalRows === 1 ? 'fila' : 'filas'}
                    </Badge>
                    <Badge tone="success">
                      {valid.length} {valid.length === 1 ? 'válida' : 'válidas'}
                    </Badge>
                    {problems.length > 0 && <Badge tone="danger">{problems.length} con problemas</Badge>}
                  </div>
                )}
                {!report.imported && problems.length > 0 && (
                  <Alert tone="error" title="Filas con problemas">
                    No se importará nada mientras el archivo tenga problemas. Corrígelo y vuelve a elegirlo, o
                    confirma importar solo las filas válidas.
                  </Alert>
                )}
                {problems.length > 0 && (
                  <DataTable
                    label="Filas con problemas"
                    rows={problems}
                    rowKey={(p) => `${p.line}-${p.reason}`}
                    columns={PROBLEM_COLUMNS}
                  />
                )}
                {!report.imported && valid.length > 0 && (
                  <div className="flex flex-wrap gap-2">
                    {problems.length === 0 ? (
                      <Button loading={run.isPending} onClick={() => void importNow(false)}>
                        Importar {valid.length} {valid.length === 1 ? 'cuenta' : 'cuentas'}
                      </Button>
                    ) : (
                      <Button loading={run.isPending} onClick={() => void importNow(true)}>
                        {valid.length === 1
                          ? 'Importar solo la fila válida'
                          : `Importar solo las ${valid.length} filas válidas`}
                      </Button>
                    )}
                  </div>
                )}
                {valid.length > 0 && (
                  <details className="text-sm">
                    <summary className="cursor-pointer font-medium text-ink">
                      {report.imported ? 'Cuentas creadas' : 'Filas válidas'} ({valid.length})
                    </summary>
                    <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
                      {valid.map((r) => (
                        <li key={r.line}>
                          <span className="text-slate-500 tabular-nums">{r.line}.</span> {r.name} · {r.email}{' '}
                          · {USER_TYPE_LABELS[r.userType]}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
