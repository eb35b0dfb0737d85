import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { ListSkeleton } from '@web/components/list-skeleton';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { useSession } from '@web/lib/session';
import { History } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useActivities, type ActivityFilters } from '../api/get-activities';
import { ActivityList } from './activity-list';
import { ALL, HistoryFilters, NO_FILTERS, type FilterValues } from './history-filters';

/** Typing in the search box asks the server once the typing pauses. */
const SEARCH_PAUSE_MS = 300;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const toQuery = (values: FilterValues, search: string): ActivityFilters => ({
  entityType: values.entityType === ALL ? undefined : values.entityType,
  userId: values.userId === ALL ? undefined : Number(values.userId),
  from: values.from || undefined,
  to: values.to || undefined,
  search: search.trim() || undefined,
});

/**
 * /history (Histórico): the workspace's activity, newest first, under its days. `users` are the
 * user filter's choices.
 */
export function HistoryView({ users }: { users: Array<{ id: number; name: string }> }) {
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const [values, setValues] = useState<FilterValues>(NO_FILTERS);
  const search = useSettled(values.search);
  const filters = useMemo(() => toQuery(values, search), [values, search]);
  const activities = useActivities(filters);
  const items = useMemo(() => activities.data?.pages.flatMap((page) => page.items) ?? [], [activities.data]);
  const filtered = JSON.stringify(values) !== JSON.stringify(NO_FILTERS);

  return (
    <>
      <PageHeader title={t.history.title} description={t.history.subtitle} />
      <HistoryFilters values={values} onChange={setValues} users={users} />
      {activities.isPending ? (
        <ListSkeleton label={t.history.loading} className="grid grid-cols-1 gap-2" itemClassName="h-14" />
      ) : activities.isError ? (
        <LoadError error={activities.error} />
      ) : items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
            <History className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
            <p className="text-lg font-semibold">{filtered ? t.history.emptyFiltered : t.history.empty}</p>
            <p className="text-muted-foreground text-sm">
              {filtered ? t.history.emptyFilteredHint : t.history.emptyHint}
            </p>
          </CardContent>
        </Card>
      ) : (
        <>
          <ActivityList items={items} timeZone={timeZone} />
          {activities.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <PendingButton
                variant="outline"
                pending={activities.isFetchingNextPage}
                pendingLabel={t.history.loadMore}
                onClick={() => void activities.fetchNextPage()}
              >
                {t.history.loadMore}
              </PendingButton>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
