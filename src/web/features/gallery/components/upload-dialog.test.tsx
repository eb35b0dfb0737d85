// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Media } from '@contract/media';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { UploadDialog } from './upload-dialog';
import { aMedia } from '@web/test/media-fixture';

const file = (name: string, type: string) => new File(['conteúdo de teste'], name, { type, lastModified: 1 });
/** The multipart body's file name (the test server reads the body as text). */
const sentName = (call: ApiCall) => /filename="([^"]+)"/.exec(String(call.body))?.[1];
const media = (name: string, mimeType: Media['mimeType']) =>
  aMedia({ filename: 'x.bin', originalName: name, mimeType, size: 17, duration: null, status: 'processing' });

function renderDialog() {
  const changes: boolean[] = [];
  renderApp(<UploadDialog open onOpenChange={(open) => changes.push(open)} />);
  // The dialog's own checks are under test, not the picker's `accept` filter.
  const user = userEvent.setup({ applyAccept: false });
  const pick = (...files: File[]) => user.upload(screen.getByTestId('upload-input'), files);
  const rows = () => screen.queryAllByTestId('upload-file');
  return { changes, user, pick, rows, send: () => screen.getByRole('button', { name: 'Enviar' }) };
}

describe('upload dialog', () => {
  it('lists images, videos and PDFs, names what it ignores, and blocks sending files it knows are refused', async () => {
    const api = await startApi({});
    const { user, pick, rows, send } = renderDialog();
    await pick(file('vitrine.png', 'image/png'), file('notas.txt', 'text/plain'), file('logo.svg', 'image/svg+xml'));
    expect(
      screen.getByText('Apenas imagens, vídeos e PDFs são aceitos. Arquivo(s) ignorado(s): notas.txt'),
    ).toBeTruthy();
    expect(rows().map((r) => r.querySelector('p[title]')?.textContent)).toEqual(['vitrine.png', 'logo.svg']);
    expect(
      within(rows()[1]!).getByText('Tipo de arquivo não suportado. Envie JPG, PNG, WebP, GIF, MP4, MOV, WebM ou PDF.'),
    ).toBeTruthy();
    expect(screen.getByText('Remova os arquivos marcados para poder enviar.')).toBeTruthy();
    expect((send() as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remover logo.svg' }));
    expect(rows()).toHaveLength(1);
    expect((send() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Remova os arquivos marcados para poder enviar.')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('sends one request per file; a refused one stays listed with the server reason, the sent one leaves', async () => {
    const api = await startApi({
      'POST /api/media/upload': (call) =>
        sentName(call) === 'intro.mp4'
          ? { status: 413, body: { message: 'O arquivo excede o limite de 100 MB.', code: 'PAYLOAD_TOO_LARGE' } }
          : { status: 201, body: media('vitrine.png', 'image/png') },
    });
    const { changes, user, pick, rows, send } = renderDialog();
    await pick(file('vitrine.png', 'image/png'), file('intro.mp4', 'video/mp4'));
    expect(screen.getByText('2 arquivos · 0,00 MB')).toBeTruthy();
    await user.click(send());
    await expectToast('Erro no upload', 'Falha ao enviar os arquivos. Tente novamente.');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.getAttribute('data-status')).toBe('error');
    expect(within(rows()[0]!).getByText('O arquivo excede o limite de 100 MB.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/media/upload').map(sentName).sort()).toEqual(['intro.mp4', 'vitrine.png']);
    expect(changes).toEqual([]);
  });

  it('when every file is sent: the success toast, and the dialog closes', async () => {
    await startApi({
      'POST /api/media/upload': (call) => ({ status: 201, body: media(sentName(call)!, 'image/png') }),
    });
    const { changes, user, pick, send } = renderDialog();
    await pick(file('a.png', 'image/png'), file('b.webp', 'image/webp'));
    await user.click(send());
    await expectToast('Upload concluído', '2 arquivo(s) enviado(s) com sucesso.');
    await waitFor(() => expect(changes).toEqual([false]));
  });
});
