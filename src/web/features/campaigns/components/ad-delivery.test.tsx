// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { campaign } from '@web/lib/test-campaign';
import { renderApp } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { CampaignRow } from './campaign-row';

const actions = { onStatus: () => undefined, onEnd: () => undefined, onRemove: () => undefined };
const row = (c: ReturnType<typeof campaign>, advertiserName?: string) =>
  renderApp(
    <CampaignRow
      campaign={c}
      playlistName="Promoções"
      advertiserName={advertiserName}
      now={Date.parse('2026-06-10T15:00:00.000Z')}
      timeZone="America/Sao_Paulo"
      statusPending={false}
      {...actions}
    />,
  );

/** docs/ads.md#delivery: an ad's row in the campaign list. */
describe("an ad's row", () => {
  it('shows the Anúncio badge, plays against the goal, a bar, the projection and the allowance per screen', () => {
    row(
      campaign({
        id: 3,
        name: 'Pão de queijo',
        type: 'ad',
        advertiserId: 7,
        goalKind: 'per_hour',
        goalPlays: 10,
        capPerHour: 4,
        delivery: { counted: 32, goal: 1240, projection: 1241, allowancePerScreen: 3 },
      }),
      'Padaria Sol',
    );
    const card = screen.getByTestId('campaign-row-3');
    expect(within(card).getByTestId('campaign-type').textContent).toBe('Anúncio');
    expect(within(card).getByTestId('ad-delivery-plays').textContent).toBe('32 de 1.240 exibições');
    const bar = within(card).getByRole('progressbar', { name: 'Entrega de Pão de queijo' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuetext')).toBe('32 de 1.240 exibições');
    expect(within(card).getByTestId('ad-delivery-projection').textContent).toBe('Projeção: 1.241');
    expect(within(card).getByTestId('ad-delivery-allowance').textContent).toBe('Nesta hora: até 3 por tela');
    expect(card.textContent).toContain('Meta: 10 por hora');
    expect(card.textContent).toContain('Anunciante: Padaria Sol');
  });

  it('before its first plan, says so; a regular campaign has neither badge nor delivery', () => {
    row(
      campaign({
        id: 4,
        type: 'ad',
        advertiserId: 7,
        goalKind: 'flight',
        goalPlays: 40,
        capPerHour: 2,
        delivery: { counted: 0, goal: 40, projection: 0, allowancePerScreen: null },
      }),
    );
    expect(screen.getByTestId('ad-delivery-plays').textContent).toBe('0 de 40 exibições');
    expect(screen.getByTestId('ad-delivery-allowance').textContent).toBe('Nesta hora: ainda sem plano');
    row(campaign({ id: 5 }));
    const regular = screen.getByTestId('campaign-row-5');
    expect(within(regular).queryByTestId('campaign-type')).toBeNull();
    expect(within(regular).queryByTestId('ad-delivery')).toBeNull();
  });
});
