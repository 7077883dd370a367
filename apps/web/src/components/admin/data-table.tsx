// A table of the back office from column definitions: each column keeps its header next to
// its cell, so every list page reads the same way (and cannot get a header and its cells out
// of step).
import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../ui/table';

export interface Column<T> {
  /** The header text; also the column's key. */
  header: string;
  /** Header read only by screen readers (a column of action buttons). */
  hiddenHeader?: boolean;
  /** Numbers and amounts: header and cells aligned right. */
  align?: 'right';
  className?: string;
  cell: (row: T) => ReactNode;
}

export function DataTable<T>({
  label,
  rows,
  rowKey,
  columns,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
}) {
  const right = (c: Column<T>) => c.align === 'right' && 'text-right';
  return (
    <Table label={label}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            // relative: keeps the visually hidden text inside the scrolling table on small screens.
            <TableHeaderCell key={c.header} className={cn(right(c), c.hiddenHeader && 'relative')}>
              {c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((c) => (
              <TableCell key={c.header} className={cn(right(c), c.className)}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
