import {
  AD_STATEMENT_LABELS as L,
  formatCentsInput,
  formatDayBr,
  screenLabel,
} from '../../../contract/ad-statement-format';
import type { AdStatement } from '../../../contract/ad-statements';
import { csvField } from '../reports/report-csv';

/**
 * A statement as the CSV a pt-BR spreadsheet opens as it is, like the reports' export
 * (`reports/report-csv.ts`: UTF-8 with BOM, `;`, CRLF, fields guarded against formulas): one row per
 * screen and day, then the totals. Money in reais with a decimal comma (`1.234,56`, what a pt-BR
 * spreadsheet reads as a number), counts as plain integers.
 */
const BOM = '\uFEFF';
const line = (fields: string[]) => `${fields.map(csvField).join(';')}\r\n`;

export function advertiserStatementCsv(statement: AdStatement): string {
  const header = line([L.screen, L.location, L.day, L.plays, L.audience, L.amountCsv]);
  const rows = statement.screens.flatMap((screen) =>
    screen.days.map((d) =>
      line([
        screenLabel(screen),
        screen.location ?? '',
        formatDayBr(d.day),
        String(d.plays),
        String(d.audience),
        formatCentsInput(d.amountCents),
      ]),
    ),
  );
  const { totals } = statement;
  const total = line([
    L.total,
    '',
    '',
    String(totals.plays),
    String(totals.audience),
    formatCentsInput(totals.amountCents),
  ]);
  return BOM + header + rows.join('') + total;
}
