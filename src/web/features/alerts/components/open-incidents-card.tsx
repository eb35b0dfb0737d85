import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAlertSettings, useIncidents } from '../api/alerts';
import { formatIncidentDuration } from '../lib/incident-duration';
import { alertLabels } from '@web/i18n/alerts';
import { formatDateAndTime } from '@web/lib/format';
import { useNow } from '@web/lib/use-now';
import { useSession } from '@web/lib/session';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';

const t = alertLabels.dashboard;

/**
 * The open incidents (docs/alerts.md#in-the-panel), for every user: screens offline past the
 * workspace's minutes. Nothing at all when there are none (or they could not be read: the cards
 * above already say which screens are offline).
 */
export function OpenIncidentsCard() {
  const { isAdmin, workspace } = useSession();
  const incidents = useIncidents('open');
  // The minutes are in the settings, which only admins may read: others see the title without them.
  const settings = useAlertSettings(isAdmin);
  const now = useNow();
  const headingId = useId();
  if (!incidents.data?.length) return null;
  return (
    <Card data-testid="dashboard-open-incidents" className="border-destructive/50">
      <CardHeader className="pb-4">
        <CardTitle id={headingId} className="flex items-center gap-2">
          <TriangleAlert className="text-destructive size-5" aria-hidden="true" />
          {t.title(settings.data?.offlineMinutes ?? null)}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby={headingId} className="divide-y">
          {incidents.data.map((incident) => {
            const at = formatDateAndTime(incident.startedAt, workspace?.timeZone);
            return (
              <li key={incident.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
                <span className="min-w-0">
                  <span className="font-medium">{incident.deviceName}</span>
                  {incident.location ? <span className="text-muted-foreground"> · {incident.location}</span> : null}
                </span>
                <span className="text-muted-foreground text-sm">
                  {formatIncidentDuration(incident.startedAt, null, now)}
                  {at ? ` (${t.since(at.date, at.time.slice(0, 5))})` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
