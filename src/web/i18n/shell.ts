/**
 * Shared words (`t.common`), the realtime notice, the navigation and the 404 page, joined into
 * `t` by `pt-br.ts`.
 */
export const commonLabels = {
  cancel: 'Cancelar',
  saving: 'Salvando...',
  loading: 'Carregando...',
  backToDashboard: 'Voltar ao Dashboard',
  active: 'Ativo',
  emailMissing: 'Email não informado',
  phoneMissing: 'Não informado',
} as const;

export const realtimeLabels = {
  offline: 'Sem conexão ao vivo: as telas podem estar desatualizadas. Tentando reconectar…',
} as const;

/** A page whose code could not be downloaded or that failed to draw (page-error-boundary.tsx). */
export const pageErrorLabels = {
  title: 'Não foi possível abrir esta página',
  description: 'Verifique a conexão e recarregue. O restante do painel continua funcionando.',
  reload: 'Recarregar',
} as const;

export const navLabels = {
  label: 'Navegação principal',
  dashboard: 'Dashboard',
  devices: 'Dispositivos',
  gallery: 'Galeria',
  playlists: 'Playlists',
  campaigns: 'Campanhas',
  layouts: 'Layouts',
  reports: 'Relatórios',
  users: 'Usuários',
  apiKeys: 'Chaves de API',
  history: 'Histórico',
  docs: 'Documentação',
  docsNewTab: '(abre em nova aba)',
  openMenu: 'Abrir menu',
  menuTitle: 'Menu',
  logout: 'Sair',
  skipToContent: 'Pular para o conteúdo',
  workspace: 'Workspace',
} as const;

export const notFoundLabels = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
  home: 'Voltar ao início',
} as const;
