/**
 * The groups dialog's labels: list, form, removal and "Atribuir playlist" to a whole group, joined
 * into `t.deviceGroups` by `pt-br.ts`.
 */
export const deviceGroupLabels = {
  title: 'Grupos de Dispositivos',
  description: 'Organize seus dispositivos em grupos.',
  listLabel: 'Lista de grupos',
  loading: 'Carregando grupos...',
  new: 'Novo Grupo',
  createFirst: 'Criar Primeiro Grupo',
  empty: 'Nenhum grupo criado',
  emptyHint: 'Crie grupos para organizar seus dispositivos por loja, região ou finalidade.',
  noDescription: 'Sem descrição',
  createdAt: (date: string) => `Criado em ${date}`,
  editAria: (name: string) => `Editar grupo ${name}`,
  removeAria: (name: string) => `Remover grupo ${name}`,
  assignAria: (name: string) => `Atribuir playlist ao grupo ${name}`,
  assign: {
    title: 'Atribuir Playlist ao Grupo',
    description: 'A playlist escolhida vai para todos os dispositivos do grupo, pelas regras de cada layout.',
    group: 'Grupo',
    devices: 'Dispositivos',
    deviceCount: (total: number, dual: number) =>
      `${total} ${total === 1 ? 'dispositivo' : 'dispositivos'}` + (dual ? ` (${dual} com 2 janelas)` : ''),
    empty: 'Este grupo não tem dispositivos.',
    dualHint:
      'Há dispositivos com 2 janelas: escolha uma playlist para cada janela. Os de 1 janela recebem a da Janela 1.',
    layout: 'Layout',
    layoutHint: 'Escolha um layout para todas as telas do grupo, ou mantenha o de cada uma.',
    keepLayouts: 'Manter o layout de cada tela',
    save: 'Atribuir',
    saving: 'Atribuindo...',
  },
  form: {
    createTitle: 'Novo Grupo',
    editTitle: 'Editar Grupo',
    createDescription: 'Dê um nome ao grupo e, se quiser, uma descrição.',
    editDescription: 'Altere o nome ou a descrição do grupo.',
    name: 'Nome do grupo',
    namePlaceholder: 'Ex.: Lojas do Centro',
    description: 'Descrição',
    descriptionPlaceholder: 'Opcional',
    back: 'Voltar',
    cancel: 'Cancelar',
    create: 'Criar Grupo',
    update: 'Atualizar Grupo',
    creating: 'Criando...',
    updating: 'Atualizando...',
  },
  remove: {
    title: 'Remover grupo',
    confirm: 'Remover',
    pending: 'Removendo...',
  },
} as const;
