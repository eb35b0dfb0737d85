import { Badge } from '@web/components/ui/badge';
import { alertLabels } from '@web/i18n/alerts';
import { formatDateAndTime } from '@web/lib/format';
import { useSession } from '@web/lib/session';
import { useDeliveries } from '../api/alerts';
import { ListCard } from './list-card';

const t = alertLabels.deliveries;

/** The delivery log (docs/alerts.md#deliveries): every attempt, email or webhook, newest first. */
export function DeliveriesCard() {
  const { workspace } = useSession();
  return (
    <ListCard labels={t} query={useDeliveries()}>
      {(deliveries, headingId) => (
        <div className="max-h-[28rem] overflow-auto">
          <table aria-labelledby={headingId} className="w-full text-sm">
            <thead className="text-muted-foreground text-left">
              <tr className="border-b">
                {[t.when, t.channel, t.target, t.event, t.status, t.httpStatus, t.detail, t.attempt].map((label) => (
                  <th key={label} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {deliveries.map((d) => {
                const at = formatDateAndTime(d.createdAt, workspace?.timeZone);
                return (
                  <tr key={d.id} data-testid={`delivery-${d.id}`}>
                    <td className="px-2 py-2 whitespace-nowrap tabular-nums">{at ? `${at.date} ${at.time}` : ''}</td>
                    <td className="px-2 py-2">{t.channels[d.channel] ?? d.channel}</td>
                    <td className="max-w-64 px-2 py-2 break-all">{d.target}</td>
                    <td className="px-2 py-2 whitespace-nowrap">{alertLabels.events[d.event] ?? d.event}</td>
                    <td className="px-2 py-2">
                      <Badge variant={d.status === 'ok' ? 'success' : 'destructive'}>
                        {t.statuses[d.status] ?? d.status}
                      </Badge>
                    </td>
                    <td className="px-2 py-2 tabular-nums">{d.httpStatus ?? '—'}</td>
                    <td className="px-2 py-2">{d.detail ?? '—'}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{d.attempt}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </ListCard>
  );
}
