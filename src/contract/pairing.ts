import type { ApiError, ERROR_CODES } from './errors';

/**
 * The TV pairing's failures, shared by the server (`POST /api/tv/authenticate`) and the player's
 * pairing screen. Free of zod at run time (type imports only): the player bundles it.
 */
export const PAIRING_MESSAGES = {
  /** 401: the code pairs no device (unknown, or its TV already holds the token). */
  wrongCode: 'Código inválido. Confira o código de 6 dígitos cadastrado para esta TV.',
  /** 429: the per-address or the global pairing budget is spent. */
  tooManyTries: 'Muitas tentativas de pareamento. Aguarde um minuto e tente novamente.',
  /** The player's own: no answer, or a 5xx. */
  unreachable: 'Não foi possível falar com o servidor. Verifique a conexão de rede da TV e tente novamente.',
} as const;

/** What a refused pairing answers; the player shows `message` as is. */
export type PairingFailure = ApiError & {
  code: (typeof ERROR_CODES)['pairingFailed' | 'rateLimited' | 'validation'];
};
