import type { Incident } from '@contract/alerts';
import { Badge } from '@web/components/ui/badge';
import { alertLabels } from '@web/i18n/alerts';
import { formatDateAndTime } from '@web/lib/format';
import { useNow } from '@web/lib/use-now';
import { useSession } from '@web/lib/session';
import { useIncidents } from '../api/alerts';
import { formatIncidentDuration } from '../lib/incident-duration';
import { ListCard } from './list-card';

const t = alertLabels.incidents;

/** Every incident of the workspace, the open ones first (the server's order, docs/alerts.md#api). */
export function IncidentsCard() {
  return (
    <ListCard labels={t} query={useIncidents('all')}>
      {(incidents, headingId) => <IncidentsTable incidents={incidents} labelledBy={headingId} />}
    </ListCard>
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
