/**
 * The dashboard's labels and what a screen plays now (docs/scheduling.md, on the device cards and the
 * dashboard), joined into `t.dashboard` and `t.onAir` by `pt-br.ts`.
 */
export const dashboardLabels = {
  title: 'Dashboard',
  subtitle: 'Acompanhe o estado das suas telas.',
  loading: 'Carregando dispositivos',
  summaryLabel: 'Resumo dos dispositivos',
  total: 'Total de Dispositivos',
  online: 'Online',
  offline: 'Offline',
  onlineList: 'Dispositivos Online',
  offlineList: 'Dispositivos Offline',
  emptyOnline: 'Nenhum dispositivo online',
  emptyOffline: 'Todos os dispositivos estão online!',
  lastSeen: 'Visto por último',
  groups: 'Dispositivos por grupo',
  group: 'Grupo',
  noGroup: 'Sem grupo',
} as const;

/** What a screen plays now (docs/scheduling.md), on the device cards and the dashboard. */
export const onAirLabels = {
  label: 'No ar agora',
  window: (n: number, what: string) => `Janela ${n}: ${what}`,
  /** A zone layout's line (docs/layouts.md#devices): the zone's name. */
  zone: (name: string, what: string) => `${name}: ${what}`,
  campaign: (name: string) => `${name} (campanha)`,
  emergency: (name: string) => `Emergência: ${name}`,
  nothing: 'Nenhuma',
  loadingPlaylist: '…',
  unknownPlaylist: (id: number) => `Playlist #${id}`,
  loadingCampaign: '…',
  unknownCampaign: (id: number) => `Campanha #${id}`,
} as const;
