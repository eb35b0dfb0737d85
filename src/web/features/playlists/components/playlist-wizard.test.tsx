// @vitest-environment jsdom
import type { Media } from '@contract/media';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { PlaylistWizard } from './playlist-wizard';
import { aMedia } from '@web/test/media-fixture';

const image: Media = aMedia({ id: 31, filename: '31.png', originalName: 'vitrine.png', size: 2048 });
const available = { data: [image], isPending: false, isError: false, error: null };

const created = (call: ApiCall) => {
  const body = call.body as { name: string; items: Array<{ mediaId: number; duration: number; order: number }> };
  return {
    status: 201,
    body: {
      id: 8,
      userId: 1,
      name: body.name,
      description: null,
      startDate: null,
      durationDays: 0,
      totalSize: image.size,
      items: body.items.map((item, i) => ({ id: i + 1, ...item, media: { ...image } })),
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  };
};

describe('playlist wizard', () => {
  it('step 1 needs a name and days ≥ 0, step 2 a media; step 3 creates the playlist and returns to the list', async () => {
    const api = await startApi({ 'POST /api/playlists': created });
    const { history } = renderApp(<PlaylistWizard available={available} />, { path: '/playlists/create' });
    const user = userEvent.setup();
    const next = () => screen.getByRole('button', { name: 'Próximo' });

    // No name, no next step.
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Nome da playlist/), 'Promoções da semana');
    const days = screen.getByLabelText('Duração da campanha (dias)');
    await user.clear(days);
    await user.type(days, '-1');
    await user.click(next());
    expect(await screen.findByText('A duração em dias não pode ser negativa')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '0');
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Seleção de Mídias' })).toBeTruthy();
    expect(screen.getByText('Nenhuma mídia selecionada')).toBeTruthy();
    expect((next() as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'vitrine.png' }));
    expect(screen.getByText('Mídias selecionadas (1)')).toBeTruthy();
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Criar Playlist' }));
    await expectToast('Playlist criada', 'A playlist foi criada com sucesso.');
    expect(api.callsTo('POST', '/api/playlists')[0]?.body).toMatchObject({
      name: 'Promoções da semana',
      items: [{ mediaId: 31, order: 0 }],
      totalSize: 2048,
    });
    await waitFor(() => expect(history.at(-1)).toBe('/playlists'));
  });
});
