/**
 * The /reports page's labels (issue 15), joined into `t.reports` by `pt-br.ts`. The column names and
 * the "no playlist / no campaign / removed" names are the contract's (`report-format.ts`), shared
 * with the CSV.
 */
export const reportLabels = {
  title: 'Relatórios',
  subtitle: 'Exibições e tempo na tela de cada mídia, tela, playlist, campanha e zona.',
  filters: {
    label: 'Filtros',
    screens: 'Telas',
    allScreens: 'Todas as telas',
    group: (name: string) => `Grupo: ${name}`,
    media: 'Mídia',
    allMedia: 'Todas as mídias',
    playlist: 'Playlist',
    allPlaylists: 'Todas as playlists',
    campaign: 'Campanha',
    allCampaigns: 'Todas as campanhas',
    clear: 'Limpar filtros',
  },
  totals: { label: 'Totais do período', plays: 'Exibições', duration: 'Tempo na tela', screens: 'Telas' },
  chart: {
    title: 'Exibições por dia',
    label: 'Gráfico de exibições por dia',
    series: 'Exibições',
    loading: 'Carregando gráfico…',
  },
  tabs: {
    label: 'Tabelas por dimensão',
    day: 'Por dia',
    device: 'Dispositivos',
    media: 'Mídias',
    playlist: 'Playlists',
    campaign: 'Campanhas',
    zone: 'Por zona',
  },
  availability: {
    title: 'Disponibilidade por tela',
    hint: 'Parte do horário de funcionamento de cada tela, no período, em que ela esteve online (quedas mais curtas que o limite dos alertas não contam).',
    screen: 'Tela',
    open: 'Tempo aberta',
    offline: 'Tempo offline',
    ratio: 'Disponibilidade',
    none: 'Sem horário no período',
  },
  export: 'Exportar CSV',
  exportHint: (tab: string) => `Baixa a tabela "${tab}" do período em CSV`,
  loading: 'Carregando relatório',
  empty: 'Nenhuma exibição no período',
  emptyHint: 'As telas enviam o que exibem assim que reproduzem uma playlist. Escolha outro período ou outros filtros.',
  timeZone: (zone: string) => `Dias no fuso ${zone}.`,
} as const;
