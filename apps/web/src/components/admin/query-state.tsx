// The states every admin page shows for its data, always in the same order: the server's
// error, loading, empty, then the content (marked busy while a new page or filter loads).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { EmptyState } from '../ui/empty-state';

export function QueryState<T>({
  query,
  loadingLabel,
  loading,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the spinner says, e.g. 'Cargando eventos…'. */
  loadingLabel?: string;
  /** A placeholder shaped like the content (skeletons) instead of the spinner. */
  loading?: ReactNode;
  errorTitle?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <Alert tone="error" title={errorTitle} live>
        {query.error.message}
      </Alert>
    );
  }
  if (query.isPending) return loading ?? <Spinner label={loadingLabel} />;
  if (isEmpty?.(query.data)) return <EmptyState variant="panel">{empty}</EmptyState>;
  return <div aria-busy={query.isFetching}>{children(query.data)}</div>;
}
