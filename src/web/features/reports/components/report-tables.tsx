import {
  REPORT_DIMENSION_LABELS,
  REPORT_FIGURE_LABELS,
  formatDayBr,
  formatHms,
  reportRowLabel,
} from '@contract/report-format';
import { mediaTypeLabel } from '@contract/content';
import type { Report, ReportDimension } from '@contract/reports';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { t } from '@web/i18n/pt-br';
import { formatCount } from '@web/lib/format';
import { Download } from 'lucide-react';

type Row = {
  key: string;
  label: string;
  /** Media only: what the item is (docs/content.md). */
  type?: string;
  plays: number;
  durationMs: number;
  screens: number;
  removed?: boolean;
};

function rowsOf(report: Report, dimension: ReportDimension): Row[] {
  if (dimension === 'day') return report.byDay.map((d) => ({ key: d.day, label: formatDayBr(d.day), ...d }));
  // Zones have a key, not an id.
  const table: Array<Report['byDevice'][number] & { key?: string; mimeType?: string | null }> = {
    device: report.byDevice,
    media: report.byMedia,
    playlist: report.byPlaylist,
    campaign: report.byCampaign,
    zone: report.byZone,
  }[dimension];
  return table.map((r) => ({
    key: r.key ?? String(r.id),
    label: reportRowLabel(dimension, r),
    ...(dimension === 'media' ? { type: r.mimeType ? mediaTypeLabel(r.mimeType) : '' } : {}),
    plays: r.plays,
    durationMs: r.durationMs,
    screens: r.screens,
    removed: r.id !== null && r.name === null,
  }));
}

const TABS: ReportDimension[] = ['day', 'device', 'media', 'playlist', 'campaign', 'zone'];

type ReportTablesProps = {
  report: Report;
  tab: ReportDimension;
  onTabChange: (tab: ReportDimension) => void;
  exportUrl: (dimension: ReportDimension) => string;
};

/** One table per dimension (tabs, the open one kept by the page); "Exportar CSV" downloads the open tab's table. */
export function ReportTables({ report, tab, onTabChange, exportUrl }: ReportTablesProps) {
  return (
    <Tabs value={tab} onValueChange={(v) => onTabChange(v as ReportDimension)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* On a phone the six tabs are wider than the screen: they scroll, the page does not. */}
        <TabsList aria-label={t.reports.tabs.label} className="max-w-full justify-start overflow-x-auto">
          {TABS.map((d) => (
            <TabsTrigger key={d} value={d}>
              {t.reports.tabs[d]}
            </TabsTrigger>
          ))}
        </TabsList>
        <Button asChild variant="outline">
          <a
            href={exportUrl(tab)}
            download
            title={t.reports.exportHint(t.reports.tabs[tab])}
            data-testid="report-export"
          >
            <Download aria-hidden="true" />
            {t.reports.export}
          </a>
        </Button>
      </div>
      {TABS.map((d) => (
        <TabsContent key={d} value={d}>
          <DimensionTable dimension={d} rows={rowsOf(report, d)} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function DimensionTable({ dimension, rows }: { dimension: ReportDimension; rows: Row[] }) {
  const numeric = 'px-4 py-2 text-right tabular-nums';
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-sm" data-testid={`report-table-${dimension}`}>
        <thead className="text-muted-foreground border-b text-left">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {REPORT_DIMENSION_LABELS[dimension]}
            </th>
            {dimension === 'media' ? (
              <th scope="col" className="px-4 py-2 font-medium">
                {REPORT_FIGURE_LABELS.type}
              </th>
            ) : null}
            <th scope="col" className={`${numeric} font-medium`}>
              {REPORT_FIGURE_LABELS.plays}
            </th>
            <th scope="col" className={`${numeric} font-medium`}>
              {REPORT_FIGURE_LABELS.duration}
            </th>
            <th scope="col" className={`${numeric} font-medium`}>
              {REPORT_FIGURE_LABELS.screens}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b last:border-0">
              <th
                scope="row"
                className={`px-4 py-2 text-left font-normal ${r.removed ? 'text-muted-foreground italic' : ''}`}
              >
                {r.label}
              </th>
              {dimension === 'media' ? <td className="px-4 py-2">{r.type}</td> : null}
              <td className={numeric}>{formatCount(r.plays)}</td>
              <td className={numeric}>{formatHms(r.durationMs)}</td>
              <td className={numeric}>{formatCount(r.screens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
