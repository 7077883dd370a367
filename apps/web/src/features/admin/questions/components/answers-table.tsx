// The attendees of the answers page: name, e-mail, the days they hold, whether their
// registration is complete, and one column per question (the removed ones marked «(eliminada)»).
// Long answers wrap; the table scrolls sideways inside its own frame on a phone.
import type { AdminAnswersResponse, AdminQuestion } from '@store/shared/schemas/questions';
import { Badge } from '../../../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../../components/ui/table';
import { answerText } from '@store/shared/domain/answers';

/** A question as the page names it: its text, and «(eliminada)» once removed. */
export function questionTitle(q: Pick<AdminQuestion, 'label' | 'removed'>): string {
  return q.removed ? `${q.label} (eliminada)` : q.label;
}

export function AnswersTable({ questions, rows }: Pick<AdminAnswersResponse, 'questions' | 'rows'>) {
  return (
    <Table label="Respuestas por asistente">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Nombre</TableHeaderCell>
          <TableHeaderCell>Correo</TableHeaderCell>
          <TableHeaderCell>Días</TableHeaderCell>
          <TableHeaderCell>Registro</TableHeaderCell>
          {questions.map((q) => (
            <TableHeaderCell key={q._id} className="min-w-60">
              {questionTitle(q)}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.userId}>
            <TableCell className="min-w-40 font-medium text-ink">{r.name}</TableCell>
            <TableCell className="whitespace-nowrap">{r.email}</TableCell>
            <TableCell className="min-w-36">
              <ul>
                {r.days.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            </TableCell>
            <TableCell>
              {r.complete ? <Badge tone="success">Completo</Badge> : <Badge tone="warning">Pendiente</Badge>}
            </TableCell>
            {questions.map((q) => {
              const text = answerText(q.kind, r.answers[q._id]);
              return (
                // relative: keeps «Sin respuesta» (read, not shown) inside the scrolling table.
                <TableCell
                  key={q._id}
                  className="relative max-w-xs whitespace-pre-line [overflow-wrap:anywhere]"
                >
                  {text || (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">Sin respuesta</span>
                    </>
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
