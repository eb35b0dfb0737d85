/** The period picker's labels (reports, advertiser statements). */
export const periodLabels = {
  label: 'Período',
  today: 'Hoje',
  last7: 'Últimos 7 dias',
  last30: 'Últimos 30 dias',
  thisMonth: 'Este mês',
  from: 'De',
  to: 'Até',
} as const;
