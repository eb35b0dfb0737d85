import { formatDocument } from '../../../contract/ads-forms';
import { formatBasisPoints, formatCents } from '../../../contract/money';
import {
  COMMISSION_RULE_LINES,
  COMMISSION_STATUS_LABELS,
  monthLabel,
  type CommissionStatement,
} from '../../../contract/partner-commissions';
import { PdfFlow } from '../../lib/pdf/pdf-flow';
import { csvField } from '../reports/report-csv';

/**
 * A commission statement as files (docs/ads.md#commissions): the PDF for the partner, with the
 * rounding rule stated, and the CSV for a spreadsheet (UTF-8 with BOM, `;`, as the reports' CSV).
 */

const integer = (n: number) => n.toLocaleString('pt-BR');

/** An instant as the workspace's wall clock: `27/11/2026 10:05`. */
function when(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "Fechado por ana em 01/12/2026 09:00; pago por bia em …", or "Aberto (valores podem mudar)". */
export function statusLine(s: CommissionStatement): string {
  if (s.status === 'aberto') return `${COMMISSION_STATUS_LABELS.aberto}: os valores podem mudar até o fechamento`;
  const closed = `Fechado por ${s.closedBy?.name ?? '—'} em ${s.closedAt ? when(s.closedAt, s.timeZone) : '—'}`;
  if (s.status === 'fechado') return closed;
  return `${closed}; pago por ${s.paidBy?.name ?? '—'} em ${s.paidAt ? when(s.paidAt, s.timeZone) : '—'}`;
}

export const commissionFilename = (s: Pick<CommissionStatement, 'partner' | 'month'>, ext: 'csv' | 'pdf') =>
  `comissoes-parceiro-${s.partner.id}-${s.month}.${ext}`;

export function commissionPdf(s: CommissionStatement): Buffer {
  const title = `Comissões — ${s.partner.name} — ${monthLabel(s.month)}`;
  return new PdfFlow(title)
    .heading('Extrato de comissões')
    .pairs([
      ['Empresa', s.company],
      ['Parceiro', s.partner.name],
      ['CPF/CNPJ', formatDocument(s.partner.document)],
      ['Mês', monthLabel(s.month)],
      ['Comissão', formatBasisPoints(s.commissionBasisPoints)],
      ['Situação', statusLine(s)],
    ])
    .gap()
    .table(
      [
        { header: 'Tela', share: 0.46 },
        { header: 'Exibições', share: 0.14, align: 'right' },
        { header: 'Valor bruto', share: 0.2, align: 'right' },
        { header: 'Comissão', share: 0.2, align: 'right' },
      ],
      s.screens.map((l) => [l.name, integer(l.plays), formatCents(l.grossCents), formatCents(l.commissionCents)]),
      {
        footer: [
          'Total',
          integer(s.totals.plays),
          formatCents(s.totals.grossCents),
          formatCents(s.totals.commissionCents),
        ],
      },
    )
    .line(COMMISSION_RULE_LINES[0], { size: 8, gray: 0.3 })
    .line(COMMISSION_RULE_LINES[1], { size: 8, gray: 0.3 })
    .toBuffer();
}

const BOM = '\uFEFF';
const row = (fields: string[]) => `${fields.map(csvField).join(';')}\r\n`;

export function commissionCsv(s: CommissionStatement): string {
  return (
    BOM +
    row(['Tela', 'Exibições', 'Valor bruto', 'Comissão']) +
    s.screens
      .map((l) => row([l.name, String(l.plays), formatCents(l.grossCents), formatCents(l.commissionCents)]))
      .join('') +
    row(['Total', String(s.totals.plays), formatCents(s.totals.grossCents), formatCents(s.totals.commissionCents)])
  );
}
