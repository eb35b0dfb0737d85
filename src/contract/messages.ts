import { PAIRING_MESSAGES } from './pairing';

/**
 * The message catalogue: every user-facing text of docs/product.md#validation (validation) and docs/product.md#messages (toasts and
 * confirmations), word for word. Forms, routes and toasts read from here so a text lives once.
 */
/** 'pela tela "A"' / 'pelas telas "A", "B" e mais 3': who uses a layout (docs/layouts.md#api). */
const usedBy = (names: readonly string[], more: number) =>
  `${names.length + more === 1 ? 'pela tela' : 'pelas telas'} ${names.map((n) => `"${n}"`).join(', ')}${
    more > 0 ? ` e mais ${more}` : ''
  }`;

export const messages = {
  generic: { error: 'Ocorreu um erro inesperado.' },

  auth: {
    loginSuccess: { title: 'Login realizado', description: 'Bem-vindo ao sistema!' },
    loginFailure: { title: 'Erro no login', description: 'Usuário ou senha inválidos' },
    emailRequired: 'Email é obrigatório',
    emailInvalid: 'Email inválido',
    passwordRequired: 'Senha é obrigatória',
    unauthenticated: 'Sessão expirada ou inexistente. Entre novamente.',
    forbidden: 'Você não tem permissão para esta ação.',
    tooManyAttempts: 'Muitas tentativas. Aguarde um momento e tente novamente.',
    accountLocked: 'Muitas tentativas de entrada com este email. Aguarde 15 minutos e tente novamente.',
    crossSite: 'Origem da requisição não permitida.',
  },

  users: {
    requiredFields: { title: 'Campos obrigatórios', description: 'Nome de usuário e email são obrigatórios.' },
    passwordRequired: { title: 'Senha obrigatória', description: 'A senha é obrigatória para novos usuários.' },
    createSuccess: 'O usuário foi criado com sucesso.',
    createFailure: { title: 'Erro ao criar usuário', description: 'Não foi possível criar o usuário.' },
    updateSuccess: 'O usuário foi atualizado com sucesso.',
    updateFailure: { title: 'Erro ao atualizar usuário', description: 'Não foi possível atualizar o usuário.' },
    removeSuccess: 'O usuário foi removido com sucesso.',
    removeFailure: { title: 'Erro ao remover usuário', description: 'Não foi possível remover o usuário.' },
    removeConfirm: 'Tem certeza que deseja remover este usuário?',
    notFound: 'Usuário não encontrado',
    usernameTaken: 'Este nome de usuário já está em uso.',
    emailTaken: 'Este email já está em uso.',
    adminCannotBeDeleted: 'Administradores não podem ser removidos.',
    lastAdmin: 'Deve existir pelo menos um administrador.',
    cannotChangeRole: 'Você não pode alterar o perfil de acesso.',
    passwordTooShort: 'A senha deve ter pelo menos 8 caracteres.',
  },

  apiKeys: {
    nameRequired: 'Nome da chave é obrigatório',
    permissionRequired: 'Escolha ao menos uma permissão.',
    expiryInvalid: 'Data de expiração inválida.',
    expiryPast: 'A data de expiração deve ser no futuro.',
    notFound: 'Chave de API não encontrada',
    invalidKey: 'Chave de API inválida, expirada ou desativada.',
    notForKeys: 'Chaves de API não dão acesso a esta operação.',
    missingPermission: 'Esta chave de API não tem permissão para esta operação.',
    createSuccess: { title: 'Sucesso!', description: 'Chave de API criada com sucesso.' },
    createFailure: { title: 'Erro', description: 'Erro ao criar chave de API' },
    updateSuccess: { title: 'Sucesso!', description: 'Chave de API atualizada com sucesso.' },
    updateFailure: { title: 'Erro', description: 'Erro ao atualizar chave de API' },
    removeSuccess: { title: 'Sucesso!', description: 'Chave de API removida com sucesso.' },
    removeFailure: { title: 'Erro', description: 'Erro ao remover chave de API' },
    removeConfirm: 'Tem certeza que deseja remover esta chave? Os scripts que a usam deixarão de funcionar.',
    copied: { title: 'Copiado!', description: 'A chave foi copiada para a área de transferência.' },
  },

  profile: {
    passwordMismatch: 'A confirmação de senha não confere.',
    currentPasswordRequired: {
      title: 'Erro de validação',
      description: 'Senha atual é obrigatória para alterar a senha.',
    },
    currentPasswordWrong: 'Senha atual incorreta.',
    updateSuccess: 'Suas informações foram atualizadas com sucesso.',
    updateFailure: { title: 'Erro ao atualizar perfil', description: 'Não foi possível atualizar o perfil.' },
    cachedNotice: 'Usando dados em cache. Algumas informações podem estar desatualizadas.',
    loadFailure: 'Não foi possível carregar as informações do perfil.',
    timeZoneSuccess: { title: 'Sucesso!', description: 'Fuso horário das campanhas atualizado com sucesso.' },
    timeZoneFailure: { title: 'Erro', description: 'Não foi possível atualizar o fuso horário.' },
  },

  groups: {
    nameRequired: 'Nome do grupo é obrigatório',
    createSuccess: { title: 'Sucesso!', description: 'Grupo criado com sucesso.' },
    updateSuccess: { title: 'Sucesso!', description: 'Grupo atualizado com sucesso.' },
    removeSuccess: { title: 'Sucesso!', description: 'Grupo removido com sucesso.' },
    createFailure: { title: 'Erro', description: 'Erro ao criar grupo' },
    updateFailure: { title: 'Erro', description: 'Erro ao atualizar grupo' },
    removeFailure: { title: 'Erro', description: 'Erro ao remover grupo' },
    removeConfirm: 'Tem certeza que deseja remover este grupo? Os dispositivos associados não serão removidos.',
    notFound: 'Grupo não encontrado',
    /** `POST /api/device-groups/{id}/assign`: every device of the group at once. */
    assignSuccess: (n: number) => ({
      title: 'Playlist atribuída',
      description:
        n === 1
          ? 'A playlist foi atribuída ao dispositivo do grupo.'
          : `A playlist foi atribuída aos ${n} dispositivos do grupo.`,
    }),
    assignFailure: { title: 'Erro ao atribuir', description: 'Falha ao atribuir playlist aos dispositivos do grupo.' },
  },

  devices: {
    nameRequired: 'Nome do dispositivo é obrigatório',
    locationRequired: 'Localização é obrigatória',
    resolutionRequired: 'Resolução é obrigatória',
    authCodeFormat: 'Código deve conter exatamente 6 dígitos',
    createSuccess: { title: 'Sucesso!', description: 'Dispositivo criado com sucesso.' },
    createFailure: { title: 'Erro', description: 'Erro ao criar dispositivo' },
    codeConflictsExhausted:
      'Muitos códigos já em uso foram tentados. Aguarde até uma hora para cadastrar ou trocar o código de um dispositivo.',
    duplicateCode: {
      title: 'Código Duplicado',
      description: 'Este código já está em uso. Um novo código foi gerado automaticamente.',
    },
    updateSuccess: { title: 'Sucesso!', description: 'Dispositivo atualizado com sucesso.' },
    updateFailure: { title: 'Erro', description: 'Erro ao atualizar dispositivo' },
    removeSuccess: { title: 'Dispositivo removido', description: 'O dispositivo foi removido com sucesso.' },
    removeFailure: { title: 'Erro ao remover', description: 'Falha ao remover o dispositivo. Tente novamente.' },
    assignSuccess: { title: 'Playlist atribuída', description: 'A playlist foi atribuída ao dispositivo com sucesso.' },
    assignFailure: { title: 'Erro ao atribuir', description: 'Falha ao atribuir playlist ao dispositivo.' },
    dualNeedsTwo: { title: 'Erro', description: 'Dispositivos com 2 janelas devem ter duas playlists selecionadas.' },
    disconnectSuccess: {
      title: 'Dispositivo desconectado',
      description: 'O dispositivo foi desconectado com sucesso.',
    },
    disconnectFailure: {
      title: 'Erro ao desconectar',
      description: 'Falha ao desconectar o dispositivo. Tente novamente.',
    },
    notFound: 'Dispositivo não encontrado',
    /** The screens seen from afar (issue 15): a TV that is not connected cannot answer. */
    screenshotOffline: 'A TV está offline. Para capturar a tela, ela precisa estar ligada e conectada.',
    reloadOffline: 'A TV está offline. Para recarregá-la, ela precisa estar ligada e conectada.',
    screenshotNone: 'Nenhuma captura de tela desta TV ainda.',
    commandsTooMany: 'Muitos pedidos às TVs em pouco tempo. Aguarde um minuto e tente de novo.',
  },

  media: {
    uploadSuccess: (n: number) => ({
      title: 'Upload concluído',
      description: `${n} arquivo(s) enviado(s) com sucesso.`,
    }),
    uploadFailure: { title: 'Erro no upload', description: 'Falha ao enviar os arquivos. Tente novamente.' },
    uploadFailedInternal: 'Upload failed',
    deleteSuccess: { title: 'Arquivo excluído', description: 'O arquivo foi excluído com sucesso.' },
    deleteFailure: { title: 'Erro ao excluir', description: 'Não foi possível excluir o arquivo.' },
    deleteConfirm: (name: string) => `Tem certeza que deseja excluir "${name}"?`,
    previewUnavailable: 'Visualização não disponível para este tipo de arquivo',
    videoUnsupported: 'Seu navegador não suporta a reprodução de vídeo.',
    missingInPreview: 'Mídia não encontrada',
    notFound: 'Mídia não encontrada',
    unsupportedType: 'Tipo de arquivo não suportado. Envie JPG, PNG, WebP, GIF, MP4, MOV, WebM ou PDF.',
    pdfEncrypted: 'Este PDF é protegido por senha. Envie uma versão sem proteção.',
    pdfBroken: 'Não foi possível ler o PDF: o arquivo está corrompido.',
    pdfTooManyPages: (max: number) => `O PDF tem mais de ${max} páginas. Divida-o em arquivos menores.`,
    pdfToolsMissing:
      'Este servidor não consegue ler PDFs: instale o poppler-utils (pdfinfo e pdftoppm) no servidor (apt-get install -y poppler-utils).',
    unreadable: 'Não foi possível ler o arquivo: ele está corrompido ou em um formato não suportado.',
    tooLarge: 'O arquivo excede o limite de 100 MB.',
    quotaExceeded: 'Espaço de armazenamento esgotado: libere espaço removendo mídias que não estão em playlists.',
    fileRequired: 'Envie um arquivo no campo "file" (multipart/form-data).',
    notMultipart: 'Envie o arquivo como multipart/form-data, no campo "file".',
    rangeNotSatisfiable: 'O intervalo de bytes solicitado não existe neste arquivo.',
    uploadTooManyRequests: 'Muitos envios em pouco tempo. Aguarde um momento e tente novamente.',
  },

  playlists: {
    nameRequired: 'Nome da playlist é obrigatório',
    itemsRequired: 'Selecione pelo menos uma mídia',
    selectRequired: 'Selecione uma playlist',
    createSuccess: { title: 'Playlist criada', description: 'A playlist foi criada com sucesso.' },
    createFailure: { title: 'Erro ao criar playlist', description: 'Não foi possível criar a playlist.' },
    updateSuccess: { title: 'Sucesso!', description: 'Playlist atualizada com sucesso.' },
    updateFailure: { title: 'Erro', description: 'Erro ao atualizar playlist' },
    removeSuccess: { title: 'Playlist removida', description: 'A playlist foi removida com sucesso.' },
    removeFailure: { title: 'Erro ao remover', description: 'Falha ao remover a playlist. Tente novamente.' },
    notFound: {
      title: 'Playlist não encontrada',
      description: 'A playlist solicitada não foi encontrada ou foi removida.',
    },
  },

  /** Campaigns (issue 14): the toasts in the style of the groups' and playlists' ones. */
  campaigns: {
    createSuccess: { title: 'Sucesso!', description: 'Campanha criada com sucesso.' },
    createFailure: { title: 'Erro', description: 'Erro ao criar campanha' },
    updateSuccess: { title: 'Sucesso!', description: 'Campanha atualizada com sucesso.' },
    updateFailure: { title: 'Erro', description: 'Erro ao atualizar campanha' },
    publishSuccess: { title: 'Sucesso!', description: 'Campanha publicada com sucesso.' },
    pauseSuccess: { title: 'Sucesso!', description: 'Campanha pausada com sucesso.' },
    statusFailure: { title: 'Erro', description: 'Erro ao alterar o status da campanha' },
    endSuccess: { title: 'Sucesso!', description: 'Campanha encerrada com sucesso.' },
    endFailure: { title: 'Erro', description: 'Erro ao encerrar campanha' },
    removeSuccess: { title: 'Sucesso!', description: 'Campanha removida com sucesso.' },
    removeFailure: { title: 'Erro', description: 'Erro ao remover campanha' },
    removeConfirm: 'Tem certeza que deseja remover esta campanha? As telas deixam de exibi-la.',
    endConfirm: 'A campanha sai do ar agora em todas as telas e fica como Encerrada nos relatórios.',
    emergencySuccess: { title: 'Emergência no ar', description: 'A emergência foi enviada às telas escolhidas.' },
    emergencyFailure: { title: 'Erro', description: 'Erro ao iniciar a emergência' },
    emergencyEnded: { title: 'Emergência encerrada', description: 'As telas voltaram à programação normal.' },
  },

  realtime: {
    socketError: { title: 'WebSocket Error', fallback: 'Unknown WebSocket error' },
    messageError: { title: 'Message Error', description: 'Failed to parse WebSocket message' },
    connectionError: { title: 'Connection Error', description: 'Failed to establish WebSocket connection' },
    playlistUpdated: { title: 'Playlist updated', description: 'Playlists have been updated in real time' },
    // In pt-BR unlike the older realtime texts above: a campaign changed by someone else.
    campaignUpdated: { title: 'Campanhas atualizadas', description: 'As campanhas foram atualizadas em tempo real' },
  },

  http: {
    notFound: 'Recurso não encontrado.',
    invalidRequest: 'Requisição inválida.',
    internal: 'Erro interno do servidor. Tente novamente.',
    invalidId: 'Identificador inválido.',
    invalidCharacter: 'O texto contém um caractere inválido.',
    uriTooLong: 'O endereço da requisição é longo demais.',
    badUrl: 'Endereço da requisição inválido.',
  },

  /** The TVs' side of the API (pairing texts: `pairing.ts`, which the player shares). */
  tv: {
    pairingFailed: PAIRING_MESSAGES.wrongCode,
    pairingBusy: PAIRING_MESSAGES.tooManyTries,
    deviceUnauthenticated: 'Dispositivo não autenticado. Pareie a TV novamente.',
    invalidMediaLink: 'Link de mídia inválido ou expirado.',
    screenshotNotJpeg: 'A captura de tela deve ser uma imagem JPEG.',
  },

  appDownload: {
    notAvailable: 'O instalador do app para TV não está disponível neste servidor. Abra o player pelo navegador da TV.',
  },

  /** The database or Redis away for a moment (a restart, a failover): 503, nothing was refused. */
  unavailable: {
    service: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    database: 'Banco de dados indisponível. Tente novamente em instantes.',
    databaseAndRedis: 'Banco de dados e Redis indisponíveis. Tente novamente em instantes.',
  },

  /** The background job queue (docs/jobs.md): what the admin's Tarefas page and the API say. */
  jobs: {
    notFound: 'Tarefa não encontrada',
    statusInvalid: 'Situação inválida: só as tarefas com falha podem ser listadas.',
    notFailed: 'Só uma tarefa que falhou pode ser tentada novamente.',
    alreadyQueued: 'Já há uma tarefa igual na fila.',
    /** What a failed attempt says when its error was not meant for users (the details go to the log). */
    internalError: 'Erro interno ao executar a tarefa. Os detalhes estão no log do servidor.',
    /** The process running it stopped (crash, kill) and its lease ran out. */
    interrupted: 'A tarefa foi interrompida (o processo que a executava parou).',
    mediaUnreadable: 'O arquivo não pôde ser lido como mídia.',
  },
  /** Layouts and their zones (docs/layouts.md): the editor and `/api/layouts` say the same. */
  layouts: {
    nameRequired: 'Nome do layout é obrigatório',
    nameTooLong: 'O nome do layout tem no máximo 100 caracteres.',
    nameTaken: 'Já existe um layout com este nome.',
    orientationInvalid: 'Orientação inválida: escolha horizontal ou vertical.',
    notFound: 'Layout não encontrado',
    builtInReadOnly: 'Os layouts prontos não podem ser alterados nem removidos. Crie um layout novo a partir dele.',
    zonesRequired: 'O layout precisa de pelo menos uma zona.',
    tooManyZones: 'Um layout tem no máximo 8 zonas.',
    zoneNameRequired: 'Dê um nome a cada zona.',
    zoneNameTooLong: 'O nome de uma zona tem no máximo 40 caracteres.',
    zoneNumber: 'Posição e tamanho de cada zona são números de 0 a 100 (percentual da tela).',
    zoneKeyInvalid: 'A chave de uma zona tem de 1 a 16 letras minúsculas, números ou hífens.',
    zoneZInvalid: 'A camada de uma zona é um número inteiro de 0 a 99.',
    zoneFitInvalid: 'O ajuste de uma zona é "cover" (preencher) ou "contain" (mostrar inteiro).',
    zoneOutside: (zone: string) => `A zona "${zone}" sai da tela.`,
    zoneEmpty: (zone: string) => `A zona "${zone}" precisa de largura e altura maiores que zero.`,
    zoneDecimals: (zone: string) =>
      `A zona "${zone}" usa mais de duas casas decimais. Posição e tamanho aceitam até duas (ex.: 33,33).`,
    zoneNameDuplicate: (zone: string) => `Já existe uma zona chamada "${zone}". Dê um nome diferente a cada zona.`,
    zoneKeyDuplicate: (key: string) => `Duas zonas têm a mesma chave "${key}".`,
    zonesOverlap: (a: string, b: string) =>
      `As zonas "${a}" e "${b}" se sobrepõem na mesma camada. Afaste uma da outra ou coloque uma acima da outra.`,
    /** A layout some screens use cannot be removed (docs/layouts.md#devices); `names` are theirs, `more` the rest. */
    inUse: (names: readonly string[], more: number) =>
      `Este layout está em uso ${usedBy(names, more)}. Escolha outro layout para ${
        names.length + more === 1 ? 'ela' : 'elas'
      } antes de removê-lo.`,
    orientationInUse: (names: readonly string[], more: number) =>
      `Este layout está em uso ${usedBy(names, more)}, que mantêm a orientação delas: para outra orientação, crie um layout novo.`,
    orientationMismatch: (layout: string, orientation: string, screen: string) =>
      `O layout "${layout}" é ${orientation === 'vertical' ? 'vertical' : 'horizontal'} e a tela "${screen}" não: escolha um layout da mesma orientação da tela.`,
    fewerZones: (layout: string, count: number) =>
      `O layout "${layout}" tem ${count} ${count === 1 ? 'zona' : 'zonas'}: envie uma playlist (ou null) por zona.`,
    zoneNeedsPlaylist: (zone: string, screen: string) =>
      `Escolha uma playlist para a zona "${zone}" de "${screen}": telas com várias zonas precisam de uma playlist em cada zona.`,
    zonePlaylistMismatch: 'assignedPlaylistId1/2 e zonePlaylistIds devem indicar as mesmas playlists nas zonas 1 e 2.',
    campaignZonesEmergency: 'Uma campanha de emergência ocupa a tela inteira: não escolha zonas para ela.',
    campaignZonesDuplicate: 'Escolha cada zona uma vez só.',
    campaignZonesEmpty: 'Escolha ao menos uma zona, ou todas as zonas.',
  },
} as const;
