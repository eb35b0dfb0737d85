/** `MediaError.code`s (HTMLMediaElement), in the words the panel shows (docs/screen-health.md#the-player). */
const VIDEO_ERRORS: Record<number, string> = {
  1: 'Carregamento do vídeo interrompido',
  2: 'Falha de rede ao baixar o vídeo',
  3: 'Não foi possível decodificar o vídeo',
  4: 'Vídeo indisponível ou em formato não suportado',
};

/** Why a video failed: its error's code in Portuguese, with the browser's own detail when it gives one. */
export function videoErrorMessage(error: { code: number; message?: string } | null | undefined): string {
  const base = (error && VIDEO_ERRORS[error.code]) ?? 'Falha ao reproduzir o vídeo';
  const detail = error?.message?.trim();
  return detail ? `${base} (${detail})` : base;
}

export const IMAGE_ERROR_MESSAGE = 'Não foi possível carregar a imagem';
