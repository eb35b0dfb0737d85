import type { Incident } from '@contract/alerts';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { alertLabels } from '@web/i18n/alerts';
import { formatDateAndTime } from '@web/lib/format';
import { useNow } from '@web/lib/use-now';
import { useSession } from '@web/lib/session';
import { useId } from 'react';
import { useIncidents } from '../api/alerts';
import { formatIncidentDuration } from '../lib/incident-duration';

const t = alertLabels.incidents;

/** Every incident of the workspace, the open ones first (the server's order, docs/alerts.md#api). */
export function IncidentsCard() {
  const incidents = useIncidents('all');
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {incidents.isPending ? (
          <p role="status" className="text-muted-foreground text-sm">
            {alertLabels.loading}
          </p>
        ) : incidents.isError ? (
          <LoadError error={incidents.error} />
        ) : incidents.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t.empty}</p>
        ) : (
          <IncidentsTable incidents={incidents.data} labelledBy={headingId} />
        )}
      </CardContent>
    </Card>
  );
}

/** The table itself: open incidents above the closed ones, each with how long it lasted (or has lasted). */
export function IncidentsTable({ incidents, labelledBy }: { incidents: readonly Incident[]; labelledBy: string }) {
  const now = useNow();
  const { workspace } = useSession();
  const when = (iso: string) => {
    const at = formatDateAndTime(iso, workspace?.timeZone);
    return at ? `${at.date} ${at.time}` : '';
  };
  const ordered = [...incidents].sort((a, b) => Number(a.endedAt !== null) - Number(b.endedAt !== null));
  return (
    <div className="max-h-[28rem] overflow-auto">
      <table aria-labelledby={labelledBy} className="w-full text-sm">
        <thead className="text-muted-foreground text-left">
          <tr className="border-b">
            {[t.screen, t.location, t.start, t.end, t.duration].map((label) => (
              <th key={label} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {ordered.map((incident) => (
            <tr key={incident.id} data-testid={`incident-${incident.id}`}>
              <th scope="row" className="px-2 py-2 text-left font-medium">
                {incident.deviceName}
              </th>
              <td className="px-2 py-2">{incident.location}</td>
              <td className="px-2 py-2 whitespace-nowrap tabular-nums">{when(incident.startedAt)}</td>
              <td className="px-2 py-2 whitespace-nowrap tabular-nums">
                {incident.endedAt ? when(incident.endedAt) : <Badge variant="destructive">{t.open}</Badge>}
              </td>
              <td className="px-2 py-2 whitespace-nowrap">
                {formatIncidentDuration(incident.startedAt, incident.endedAt, now)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
