import type { Activity } from '@contract/activities';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { activityTime, groupByDay } from '../lib/group-by-day';
import { ActivityIcon } from './activity-icon';

/** The entries under their days (the workspace's time zone): time, who, what. */
export function ActivityList({ items, timeZone }: { items: Activity[]; timeZone: string }) {
  return (
    <div aria-label={t.history.listLabel} role="region" className="grid grid-cols-1 gap-6">
      {groupByDay(items, timeZone).map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`} className="grid grid-cols-1 gap-2">
          <h2 id={`day-${group.day}`} className="text-muted-foreground text-sm font-semibold">
            {group.label}
          </h2>
          <Card className="divide-y p-0">
            <ul className="divide-y">
              {group.items.map((item) => (
                <li key={item.id} data-testid="activity" className="flex items-center gap-3 px-4 py-3">
                  <ActivityIcon entityType={item.entityType} />
                  <div className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                    <p className="truncate text-sm font-medium">{item.description}</p>
                    <p className="text-muted-foreground text-xs">{item.userName ?? t.history.removedUser}</p>
                  </div>
                  <time dateTime={item.createdAt} className="text-muted-foreground shrink-0 text-xs tabular-nums">
                    {activityTime(item.createdAt, timeZone)}
                  </time>
                </li>
              ))}
            </ul>
          </Card>
        </section>
      ))}
    </div>
  );
}
