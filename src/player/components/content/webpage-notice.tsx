/** A page that has not loaded by then is taken as refused: its notice shows, never a blank zone. */
export const WEBPAGE_LOAD_TIMEOUT_MS = 15_000;

/** What a zone shows for a page that cannot be shown (docs/content.md#a-web-page-that-cannot-be-shown). */
export function WebpageNotice({ host }: { host: string }) {
  return (
    <div className="content-notice" data-capture="fill">
      <div className="content-notice-title" data-capture="text">
        Não foi possível exibir a página {host}
      </div>
      <div className="content-notice-detail" data-capture="text">
        O site não permite ser mostrado dentro de outra página ou não respondeu.
      </div>
    </div>
  );
}
