import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '@web/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { alertLabels } from '@web/i18n/alerts';
import { useId, type ReactNode } from 'react';

/**
 * A card of the Alertas page over one list query: its title, then loading, the error, the empty text
 * or the list itself (`children`, given the heading's id to label its table).
 */
export function ListCard<T>({
  labels,
  query,
  children,
}: {
  labels: { title: string; description: string; empty: string };
  query: UseQueryResult<T[]>;
  children: (rows: T[], headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>{labels.title}</CardTitle>
        <CardDescription>{labels.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p role="status" className="text-muted-foreground text-sm">
            {alertLabels.loading}
          </p>
        ) : query.isError ? (
          <LoadError error={query.error} />
        ) : query.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">{labels.empty}</p>
        ) : (
          children(query.data, headingId)
        )}
      </CardContent>
    </Card>
  );
}
