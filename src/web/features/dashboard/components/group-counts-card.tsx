import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { formatCount } from '@web/lib/format';
import { useId } from 'react';
import type { GroupCount } from '../lib/group-counts';

/** "Dispositivos por grupo": online and offline per group (issue 14, groups as a fleet tool). */
export function GroupCountsCard({ rows }: { rows: readonly GroupCount[] }) {
  const headingId = useId();
  return (
    <Card data-testid="dashboard-groups">
      <CardHeader className="pb-4">
        <CardTitle id={headingId}>{t.dashboard.groups}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="max-h-80 overflow-y-auto">
          <table aria-labelledby={headingId} className="w-full text-sm">
            <thead className="text-muted-foreground text-left">
              <tr className="border-b">
                <th scope="col" className="w-full py-2 pr-3 font-medium">
                  {t.dashboard.group}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t.dashboard.online}
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  {t.dashboard.offline}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows.map((row) => (
                <tr key={row.groupId ?? 'none'} data-testid={`group-count-${row.groupId ?? 'none'}`}>
                  <th scope="row" className="max-w-0 truncate py-2 pr-3 text-left font-medium" title={row.name}>
                    {row.name}
                  </th>
                  <td className="text-success px-3 py-2 text-right font-semibold tabular-nums">
                    {formatCount(row.online)}
                  </td>
                  <td className="text-muted-foreground py-2 pl-3 text-right font-semibold tabular-nums">
                    {formatCount(row.offline)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
