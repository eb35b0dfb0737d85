/** The pt-BR texts of advertiser statements and their links (docs/ads.md#statements). */
export const adStatementMessages = {
  dayInvalid: 'Data inválida (use AAAA-MM-DD)',
  endBeforeStart: 'A data final deve ser igual ou posterior à inicial',
  tooLong: 'O período pode ter no máximo 366 dias',
  periodIncomplete: 'Informe as duas datas do período (de e até)',
  expiresInvalid: 'Validade inválida: informe uma data e hora futura',
  daysInvalid: 'Validade inválida: de 1 a 366 dias',
  expiresOrDays: 'Informe a validade por data (expiresAt) ou por dias (days), não os dois',
  linkNotFound: 'Link não encontrado',
  linkExpired: 'Link expirado',
  tooManyRequests: 'Muitas consultas a este extrato: aguarde um pouco e tente de novo',
} as const;
