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

/**
 * The campaign form's ad fields and the campaign list's delivery (docs/ads.md#ad-campaigns,
 * #delivery), admins only. Validation texts are the contract's (`adCampaignMessages`).
 */
export const adCampaignLabels = {
  type: 'Tipo',
  typeHint: 'Um anúncio é vendido a um anunciante, com meta de exibições e limite por tela.',
  card: 'Anúncio',
  cardHint: 'Quem compra as exibições, quantas e com que frequência em cada tela.',
  advertiser: 'Anunciante',
  advertiserPlaceholder: 'Escolha o anunciante',
  advertisersLoading: 'Carregando anunciantes…',
  noAdvertisers: 'Nenhum anunciante cadastrado.',
  noAdvertisersLink: 'Cadastre um anunciante',
  goalKind: 'Meta',
  goalPlays: 'Número de exibições',
  goalPlaysPlaceholder: 'Ex.: 1.200',
  goalPlaysHint: {
    flight: 'Somando todas as telas, do início ao término.',
    per_hour: 'Somando todas as telas, a cada hora em que é exibido.',
  },
  capPerHour: 'Limite por tela por hora',
  capPerHourPlaceholder: 'Ex.: 4',
  capPerHourHint: 'O máximo de exibições do anúncio em cada tela a cada hora, de 1 a 3600.',
  datesHint: 'Obrigatórias num anúncio: o início e o término da veiculação.',
  badge: 'Anúncio',
  delivery: 'Entrega',
  plays: (counted: string, goal: string) => `${counted} de ${goal} exibições`,
  progress: (name: string) => `Entrega de ${name}`,
  projection: (plays: string) => `Projeção: ${plays}`,
  allowance: (plays: string) => `Nesta hora: até ${plays} por tela`,
  notPlanned: 'Nesta hora: ainda sem plano',
  perHourGoal: (plays: string) => `Meta: ${plays} por hora`,
} as const;
