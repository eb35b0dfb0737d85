import { TV_APP } from '@contract/constants';

/** Texts of the landing page (pt-BR). Kept here, beside the page, so the page reads as layout. */

export const LANDING_META = {
  title: 'Sinalização digital para TVs corporativas',
  description:
    'Sinalize: gestão remota das TVs da sua empresa, agendamento de playlists, relatórios e comissões com parceiros de anúncio. Preço sob consulta.',
};

/** The anchors of docs/product.md#screens, in page order. */
export const SECTIONS = [
  { id: 'como-funciona', label: 'Como funciona' },
  { id: 'beneficios', label: 'Benefícios' },
  { id: 'casos-de-sucesso', label: 'Casos de sucesso' },
  { id: 'integracao', label: 'Integração' },
  { id: 'contato', label: 'Contato' },
] as const;

export const HERO = {
  eyebrow: 'Sinalização digital para empresas',
  title: 'Todas as TVs da sua empresa, controladas de um só lugar',
  lead: 'Envie imagens e vídeos, monte playlists com horário e acompanhe cada tela ao vivo, de qualquer lugar. Suas TVs viram um canal de comunicação e de receita.',
  promises: ['Gestão remota', 'Agendamento', 'Relatórios', 'Comissões de parceiros de anúncio'],
};

export const STEPS = [
  {
    title: 'Cadastre a TV',
    text: 'No painel, informe nome, local, resolução e orientação da tela. O Sinalize gera um código de pareamento de 6 dígitos.',
  },
  {
    title: 'Pareie com o código',
    text: 'Instale o app Sinalize na Android TV e digite o código. Pronto: a tela aparece online no painel.',
  },
  {
    title: 'Envie e organize o conteúdo',
    text: 'Suba imagens e vídeos para a galeria e monte playlists, definindo a ordem e o tempo de cada item.',
  },
  {
    title: 'Agende e acompanhe',
    text: 'Atribua playlists às telas, defina início e duração da campanha e acompanhe o status de cada TV em tempo real.',
  },
];

export const BENEFITS = {
  remote: {
    title: 'Gestão remota',
    text: 'Todas as telas de todas as unidades em um painel: status online e offline ao vivo, troca de conteúdo e desconexão à distância, sem visitar a loja.',
  },
  scheduling: {
    title: 'Agendamento',
    text: 'Playlists com data de início e duração de campanha. A oferta certa entra no ar na hora certa e sai sozinha quando termina.',
  },
  reports: {
    title: 'Relatórios',
    text: 'Acompanhe o que foi exibido, por quanto tempo e em quais telas, além da disponibilidade de cada dispositivo e do uso de armazenamento.',
  },
  commissions: {
    title: 'Comissões de parceiros de anúncio',
    text: 'Ofereça espaço nas suas telas para marcas parceiras e receba comissão pelas exibições, com os relatórios como comprovação.',
  },
  offline: {
    title: 'Continua no ar sem internet',
    text: 'O app guarda o conteúdo na própria TV e segue exibindo se a conexão cair; quando ela volta, sincroniza sozinho.',
  },
  layouts: {
    title: 'Uma ou duas janelas',
    text: 'Telas na horizontal ou na vertical, com uma playlist ou duas lado a lado: cardápio e promoções na mesma TV.',
  },
} as const;

/** Marketing claims (docs/product.md#constants): shown with the footnote below, never as a promise. */
export const STATS = [
  { value: '+32%', label: 'em vendas dos produtos destacados nas telas' },
  { value: '−80%', label: 'no tempo gasto para atualizar o conteúdo das lojas' },
  { value: 'até 20%', label: 'da receita de anúncios de parceiros de volta como comissão' },
  { value: '2.500+', label: 'telas gerenciadas por clientes em todo o Brasil' },
];
export const STATS_DISCLAIMER =
  'Números ilustrativos de campanhas de clientes; não constituem garantia de resultado. Os resultados variam conforme o segmento, o conteúdo e o número de telas.';

export const CASES = [
  {
    segment: 'Rede de farmácias',
    scale: '48 lojas · 130 telas',
    text: 'Ofertas por horário no balcão e na vitrine: as campanhas da matriz chegam a todas as lojas no mesmo minuto, sem pen drive.',
  },
  {
    segment: 'Rede de academias',
    scale: '12 unidades · 60 telas',
    text: 'Grade de aulas e avisos na recepção, e anúncios de marcas parceiras de suplementos que geram comissão todos os meses.',
  },
  {
    segment: 'Restaurantes e lanchonetes',
    scale: '9 lojas · 27 telas verticais',
    text: 'Cardápio digital com café da manhã, almoço e jantar agendados, e promoções em uma segunda janela da mesma TV.',
  },
];

export const INTEGRATION = {
  app: {
    title: 'App para Android TV',
    text: `Versão ${TV_APP.version}, ${TV_APP.sizeLabel}. Funciona em TVs e TV boxes com ${TV_APP.minAndroid}, ${TV_APP.ramLabel} de RAM e ${TV_APP.freeSpaceLabel} livre.`,
  },
  network: {
    title: 'Rede simples',
    text: `Basta internet de ${TV_APP.bandwidth} por tela e as portas ${TV_APP.ports.join(', ')} liberadas. Sem VPN, sem servidor na loja.`,
  },
  api: {
    title: 'API aberta',
    text: 'API REST documentada (OpenAPI) e canal em tempo real para integrar o Sinalize ao seu ERP, PDV ou sistema de campanhas.',
  },
  pairing: {
    title: 'Pareamento em segundos',
    text: 'O técnico instala o app e digita o código de 6 dígitos. Trocar o código desconecta a TV na hora, com segurança.',
  },
};

export const PRICING = {
  title: 'Preço sob consulta',
  text: 'Não trabalhamos com planos de prateleira: cada projeto recebe um orçamento em reais conforme o número de telas, as unidades e o suporte de que você precisa.',
  bullets: ['Orçamento sem compromisso', 'Implantação acompanhada pela nossa equipe', 'Suporte em português'],
};
