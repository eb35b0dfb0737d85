/**
 * The /history page's labels, joined into `t.history` by `pt-br.ts`.
 */
export const historyLabels = {
  title: 'Histórico',
  subtitle: 'Quem fez o quê, e quando, no workspace',
  listLabel: 'Atividades',
  loading: 'Carregando histórico',
  entityType: 'Tipo',
  allEntities: 'Todos os tipos',
  user: 'Usuário',
  allUsers: 'Todos os usuários',
  from: 'De',
  to: 'Até',
  search: 'Buscar no histórico...',
  searchLabel: 'Buscar no histórico',
  clearFilters: 'Limpar filtros',
  loadMore: 'Carregar mais',
  removedUser: 'Usuário removido',
  empty: 'Nenhuma atividade ainda',
  emptyHint: 'As ações no sistema aparecem aqui.',
  emptyFiltered: 'Nenhuma atividade encontrada',
  emptyFilteredHint: 'Tente outros filtros.',
} as const;
