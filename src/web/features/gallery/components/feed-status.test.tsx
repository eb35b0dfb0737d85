// @vitest-environment jsdom
import type { Media } from '@contract/media';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { FeedStatus } from './feed-status';
import { aContentItem } from '@web/test/media-fixture';

const feed = (status: Media['feed']): Media =>
  aContentItem('feed', { url: 'https://noticias.example/rss' }, { id: 7, originalName: 'Notícias', feed: status });

describe('feed status on its card (docs/content.md#feeds)', () => {
  it('says when it was last read, why the last try failed after that, and asks for a refresh', async () => {
    const api = await startApi({ 'POST /api/media/7/refresh': () => ({ status: 202, body: { queued: true } }) });
    renderApp(
      <FeedStatus
        media={feed({
          itemCount: 5,
          lastSuccessAt: '2026-03-01T12:00:00.000Z',
          lastAttemptAt: '2026-03-01T12:15:00.000Z',
          lastError: 'O endereço não respondeu em 10 s',
        })}
      />,
    );
    const line = screen.getByTestId('feed-status-7');
    expect(line.textContent).toMatch(/Atualizado em 01\/03\/2026 \d\d:\d\d/);
    expect(line.textContent).toMatch(/Falhou em 01\/03\/2026 \d\d:\d\d: O endereço não respondeu em 10 s/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Atualizar agora Notícias' }));
    await expectToast('Sucesso!', 'Atualização pedida: o feed será lido em instantes.');
    expect(api.callsTo('POST', '/api/media/7/refresh')).toHaveLength(1);
  });

  it('shows no failure once a later read succeeded, and says when it was never read', () => {
    const { unmount } = renderApp(
      <FeedStatus
        media={feed({
          itemCount: 5,
          lastSuccessAt: '2026-03-01T12:30:00.000Z',
          lastAttemptAt: '2026-03-01T12:30:00.000Z',
          lastError: null,
        })}
      />,
    );
    expect(screen.getByTestId('feed-status-7').textContent).not.toContain('Falhou');
    unmount();
    renderApp(<FeedStatus media={feed(null)} />);
    expect(screen.getByTestId('feed-status-7').textContent).toContain('Ainda não atualizado');
  });
});
