import { mediaTypeLabel } from '../../../contract/content';
import {
  REPORT_DIMENSION_LABELS,
  REPORT_FIGURE_LABELS,
  formatDayBr,
  formatHms,
  reportRowLabel,
} from '../../../contract/report-format';
import type { Report, ReportDimension } from '../../../contract/reports';

/**
 * One dimension's table as a CSV a pt-BR spreadsheet opens as it is: UTF-8 with a BOM (else Excel
 * reads Latin-1), `;` between fields (`,` is the decimal mark), CRLF, dates dd/mm/aaaa, time on
 * screen h:mm:ss, counts as plain integers.
 */
const BOM = '\uFEFF';

/**
 * Quoted when it holds a separator, a quote or a line break; a name a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, tab, CR at the start: OWASP's CSV injection) gets a leading `'`.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const line = (fields: string[]) => `${fields.map(csvField).join(';')}\r\n`;

/** The media table says what each item is (docs/content.md); '' once it was removed. */
export function reportCsv(report: Report, dimension: ReportDimension): string {
  const typed = dimension === 'media';
  const header = line([
    REPORT_DIMENSION_LABELS[dimension],
    ...(typed ? [REPORT_FIGURE_LABELS.type] : []),
    REPORT_FIGURE_LABELS.plays,
    REPORT_FIGURE_LABELS.duration,
    REPORT_FIGURE_LABELS.screens,
  ]);
  const figures = (r: { plays: number; durationMs: number; screens: number }) => [
    String(r.plays),
    formatHms(r.durationMs),
    String(r.screens),
  ];
  const rows =
    dimension === 'day'
      ? report.byDay.map((d) => line([formatDayBr(d.day), ...figures(d)]))
      : dimension === 'media'
        ? report.byMedia.map((r) =>
            line([reportRowLabel(dimension, r), r.mimeType ? mediaTypeLabel(r.mimeType) : '', ...figures(r)]),
          )
        : tableOf(report, dimension).map((r) => line([reportRowLabel(dimension, r), ...figures(r)]));
  return BOM + header + rows.join('');
}

const tableOf = (report: Report, dimension: Exclude<ReportDimension, 'day'>) =>
  ({
    device: report.byDevice,
    media: report.byMedia,
    playlist: report.byPlaylist,
    campaign: report.byCampaign,
    zone: report.byZone,
  })[dimension];

export const reportCsvFilename = (dimension: ReportDimension, from: string, to: string) =>
  `relatorio-${dimension}-${from}-a-${to}.csv`;
