// A list of people for a group order's free places (docs/groups.md), pasted or read from a .csv
// file, one line per person: nombre, correo and, for an order of several days sold per day, one
// column per day marked «sí» or «no» (without them a person takes every day). The template is
// made here (placesCsvTemplate: the order's days, the people already named as a guide); the
// server checks the whole list and assigns it or nothing, naming the bad line.
import { useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import { orderReference } from '@store/shared/domain/order-reference';
import { placesCsvTemplate } from '@store/shared/domain/places-csv';
import { MSG } from '@store/shared/messages';
import type { GroupPlaces } from '@store/shared/schemas/group';
import { Button } from '../../../components/ui/button';
import { Label, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useAssignCsv } from '../api/group';
import { namedPeople, templateDays, type PlacesTable } from '../utils/place-rows';

/** The template of the order's places as a file to save (UTF-8 with its BOM, for Excel). */
export function placesTemplateFile(group: GroupPlaces, table: PlacesTable): { blob: Blob; filename: string } {
  const csv = placesCsvTemplate(templateDays(table), namedPeople(table));
  return {
    blob: new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    filename: `lugares-${orderReference(group.orderId)}.csv`,
  };
}

export function TeamCsvForm({
  group,
  table,
  onDone,
}: {
  group: GroupPlaces;
  table: PlacesTable;
  /** The server's message once the whole list is assigned. */
  onDone: (message: string) => void;
}) {
  const assign = useAssignCsv();
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | null>(null);
  const days = templateDays(table);
  const named = namedPeople(table).length > 0;
  const example =
    days.length > 0
      ? `nombre,correo,${days.join(',')}\nAna Ruiz Pérez,ana.ruiz@hospital.mx,${days.map(() => 'sí').join(',')}`
      : 'nombre,correo\nAna Ruiz Pérez,ana.ruiz@hospital.mx';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    assign.mutate(
      { orderId: group.orderId, csv },
      {
        onSuccess: (res) => {
          setCsv('');
          onDone(res.message);
        },
        onError: (err) => setError(errorMessage(err, MSG.serverError)),
      },
    );
  };
  return (
    <section aria-labelledby="team-csv" className="rounded-xl border border-slate-200 p-5">
      <h2 id="team-csv" className="text-lg font-bold">
        Asignar varios lugares con una lista
      </h2>
      <div id="team-csv-help" className="mt-1 space-y-2 text-sm text-slate-700">
        <p>
          Una línea por persona, con su nombre y su correo; la primera línea lleva las columnas{' '}
          <code>nombre,correo</code>.{' '}
          {days.length > 0 ? (
            <>
              Cada día que compraste es una columna más ({days.map((d) => `«${d}»`).join(', ')}): escribe{' '}
              <strong>sí</strong> o <strong>no</strong> en cada una para elegir los días de esa persona. Sin
              esas columnas, cada persona toma un lugar en todos los días.
            </>
          ) : (
            <>Cada persona toma un lugar.</>
          )}
        </p>
        <p>
          {named
            ? 'La plantilla ya trae el encabezado y, como guía, a las personas que ya asignaste: bórralas antes de subirla y agrega una línea por cada persona nueva.'
            : 'La plantilla ya trae el encabezado: agrega una línea por persona.'}{' '}
          Se asigna toda la lista o nada: si una línea tiene un error te decimos cuál.
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => saveFile(placesTemplateFile(group, table))}
      >
        <Download aria-hidden="true" className="h-4 w-4" /> Descargar plantilla
      </Button>
      <form onSubmit={submit} noValidate className="mt-4 space-y-3">
        <div>
          <Label htmlFor="team-csv-text">Lista de personas</Label>
          <Textarea
            id="team-csv-text"
            className="mt-1 font-mono text-sm"
            rows={5}
            aria-describedby="team-csv-help"
            placeholder={example}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="team-csv-file">O sube un archivo .csv</Label>
          <input
            id="team-csv-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            className="mt-1 block w-full text-sm file:mr-3 file:h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" loading={assign.isPending} disabled={csv.trim() === ''}>
          Asignar la lista
        </Button>
      </form>
    </section>
  );
}
