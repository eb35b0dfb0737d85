import { formatHms } from '@contract/report-format';
import type { Report } from '@contract/reports';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';

/** "98,5 %": availability with one decimal, as a pt-BR reader writes it. */
export const formatRatio = (ratio: number) =>
  `${(Math.floor(ratio * 1000) / 10).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

/** Availability per screen (docs/alerts.md#availability), the least available first, as the server orders it. */
export function AvailabilityTable({ rows }: { rows: Report['availability'] }) {
  const l = t.reports.availability;
  const numeric = 'px-4 py-2 text-right tabular-nums';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{l.title}</CardTitle>
        <p className="text-muted-foreground text-sm">{l.hint}</p>
      </CardHeader>
      <CardContent className="overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid="report-availability">
          <thead className="text-muted-foreground border-b text-left">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {l.screen}
              </th>
              <th scope="col" className={`${numeric} font-medium`}>
                {l.open}
              </th>
              <th scope="col" className={`${numeric} font-medium`}>
                {l.offline}
              </th>
              <th scope="col" className={`${numeric} font-medium`}>
                {l.ratio}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.deviceId} className="border-b last:border-0">
                <th scope="row" className="px-4 py-2 text-left font-normal">
                  {r.name}
                </th>
                <td className={numeric}>{formatHms(r.openMs)}</td>
                <td className={numeric}>{formatHms(r.offlineMs)}</td>
                <td className={numeric}>{r.ratio === null ? l.none : formatRatio(r.ratio)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
