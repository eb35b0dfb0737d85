/**
 * The screens seen from afar on the device cards (issue 15): the screenshot dialog and the remote
 * reload, joined into `t.screens` by `pt-br.ts`. The offline refusals and "no screenshot yet" are
 * the contract's (`messages.devices`), shared with the server.
 */
export const screenLabels = {
  menu: {
    screenshot: 'Capturar tela',
    reload: 'Recarregar',
    /** Under the two entries while the TV is offline: they need it connected. */
    offline: 'Disponível com a TV online',
  },
  screenshot: {
    description: 'A tela da TV, capturada agora pelo player.',
    waiting: 'Aguardando a TV…',
    received: 'Tela capturada.',
    failed: 'A TV não conseguiu capturar a tela. Tente de novo.',
    timedOut: 'A TV não respondeu. Verifique se ela está ligada e conectada e tente de novo.',
    requestFailed: 'Não foi possível pedir a captura. Tente de novo.',
    imageFailed: 'Não foi possível carregar a captura.',
    again: 'Capturar de novo',
    close: 'Fechar',
    takenAt: (date: string, time: string) => `Capturada em ${date} às ${time}`,
    alt: (name: string, time: string) => `Tela de ${name} capturada às ${time}`,
  },
  reload: {
    success: { title: 'Recarga enviada', description: 'A TV vai recarregar o player em instantes.' },
    failure: { title: 'Erro ao recarregar', description: 'Não foi possível recarregar a TV. Tente de novo.' },
  },
} as const;
