import type { AdStatement } from './ad-statements';
import { formatCents, formatCentsInput } from './money';
import { formatDayBr } from './report-format';

/**
 * How a statement reads in pt-BR, the same in its CSV, its PDF, the admin's page and the public one
 * (docs/ads.md#statements): column names, counts with thousands dots, money as `R$ 1.234,56`, days
 * as dd/mm/aaaa.
 */
export const AD_STATEMENT_LABELS = {
  title: 'Extrato de exibições',
  company: 'Empresa',
  advertiser: 'Anunciante',
  document: 'CPF/CNPJ',
  period: 'Período',
  timeZone: 'Fuso horário',
  generatedAt: 'Gerado em',
  totals: 'Totais',
  screen: 'Tela',
  location: 'Local',
  day: 'Dia',
  campaign: 'Campanha',
  plays: 'Exibições',
  audience: 'Público estimado',
  amount: 'Valor',
  amountCsv: 'Valor (R$)',
  total: 'Total',
  byCampaign: 'Por campanha',
  byScreenAndDay: 'Exibições por tela e dia',
  screens: 'Telas',
  screenshotOf: 'captura de',
  noPlays: 'Nenhuma exibição contada no período.',
} as const;

const counts = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
/** 1234567 → `1.234.567`. */
export const formatCountBr = (value: number) => counts.format(value);
export { formatCents, formatCentsInput, formatDayBr };

/** `01/11/2026 a 30/11/2026`. */
export const formatPeriodBr = (period: { from: string; to: string }) =>
  `${formatDayBr(period.from)} a ${formatDayBr(period.to)}`;

/** A removed screen or campaign keeps its figures under its id. */
export const screenLabel = (screen: { id: number; name: string | null }) =>
  screen.name ?? `Tela removida (#${screen.id})`;
export const campaignLabel = (campaign: { id: number; name: string | null }) =>
  campaign.name ?? `Campanha removida (#${campaign.id})`;

/** An instant as `27/11/2026 08:05` in `timeZone`. */
export function formatInstantBr(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** ASCII only, for a file name: `Pão & Cia` → `pao-cia`. */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'anunciante';

/** `extrato-padaria-2026-11-01-a-2026-11-30.pdf`. */
export const adStatementFilename = (statement: Pick<AdStatement, 'advertiser' | 'period'>, extension: 'csv' | 'pdf') =>
  `extrato-${slug(statement.advertiser.name)}-${statement.period.from}-a-${statement.period.to}.${extension}`;
