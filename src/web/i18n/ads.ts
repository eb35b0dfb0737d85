/** The admins' Anunciantes and Parceiros pages and the device form's Anúncios card (docs/ads.md#pages). */
const failure = (description: string) => ({ title: 'Erro', description });
const success = (description: string) => ({ title: 'Sucesso!', description });

/** What the two pages share: the list's columns, buttons and states. */
export const partyCommonLabels = {
  name: 'Nome',
  document: 'CPF ou CNPJ',
  contactName: 'Contato',
  contactEmail: 'Email de contato',
  actions: 'Ações',
  none: '—',
  loading: 'Carregando cadastros',
  accessDeniedHint: 'Apenas administradores podem cadastrar anunciantes e parceiros.',
  create: 'Cadastrar',
  creating: 'Cadastrando…',
  save: 'Salvar',
  remove: 'Remover',
  removing: 'Removendo…',
  editAria: (name: string) => `Editar ${name}`,
  removeAria: (name: string) => `Remover ${name}`,
} as const;

export const advertiserLabels = {
  nav: 'Anunciantes',
  title: 'Anunciantes',
  subtitle: 'Quem compra exibições nas suas telas.',
  listLabel: 'Anunciantes',
  new: 'Novo anunciante',
  edit: 'Editar anunciante',
  formDescription: 'O nome é obrigatório; CPF/CNPJ e email de contato são opcionais.',
  documentHint: 'Opcional. Com ou sem pontuação.',
  empty: 'Nenhum anunciante cadastrado.',
  emptyHint: 'Cadastre os anunciantes que compram exibições nas suas telas.',
  removeTitle: 'Remover anunciante',
  removeConfirm: 'Tem certeza que deseja remover este anunciante?',
  createSuccess: success('Anunciante cadastrado.'),
  createFailure: failure('Não foi possível cadastrar o anunciante.'),
  updateSuccess: success('Anunciante atualizado.'),
  updateFailure: failure('Não foi possível salvar o anunciante.'),
  removeSuccess: success('Anunciante removido.'),
  removeFailure: failure('Não foi possível remover o anunciante.'),
} as const;

export const partnerLabels = {
  nav: 'Parceiros',
  title: 'Parceiros',
  subtitle: 'Os donos das telas, que recebem uma comissão do que elas rendem.',
  listLabel: 'Parceiros',
  new: 'Novo parceiro',
  edit: 'Editar parceiro',
  formDescription: 'Nome e CPF/CNPJ são obrigatórios.',
  documentHint: 'Com ou sem pontuação.',
  commission: 'Comissão padrão (%)',
  commissionColumn: 'Comissão padrão',
  commissionHint: 'De 0 a 100, com até 2 casas decimais, como 12,5. Em branco: 0.',
  empty: 'Nenhum parceiro cadastrado.',
  emptyHint: 'Cadastre os donos das telas para ligar cada tela ao seu parceiro.',
  removeTitle: 'Remover parceiro',
  removeConfirm: 'Tem certeza que deseja remover este parceiro? As telas dele ficam sem parceiro.',
  createSuccess: success('Parceiro cadastrado.'),
  createFailure: failure('Não foi possível cadastrar o parceiro.'),
  updateSuccess: success('Parceiro atualizado.'),
  updateFailure: failure('Não foi possível salvar o parceiro.'),
  removeSuccess: success('Parceiro removido.'),
  removeFailure: failure('Não foi possível remover o parceiro.'),
} as const;

/** The device form's card (admins only). */
export const deviceAdsLabels = {
  title: 'Anúncios',
  description:
    'De quem é a tela e quanto vale cada exibição para os anunciantes. Só administradores veem estes campos.',
  partner: 'Parceiro',
  noPartner: 'Nenhum',
  price: 'Preço por exibição (R$)',
  pricePlaceholder: 'Ex.: 1,50',
  priceHint: 'Em reais, como 1,50. Em branco: sem preço.',
  audience: 'Público por exibição',
  audiencePlaceholder: 'Ex.: 40',
  audienceHint: 'Quantas pessoas veem, em média, cada exibição. Em branco: desconhecido.',
} as const;
