// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaign } from '@web/lib/test-campaign';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import type { CampaignRefs } from '../lib/refs';
import { EmergencyDialog } from './emergency-dialog';

const refs: CampaignRefs = {
  playlists: [{ id: 3, name: 'Evacuação' }],
  devices: [],
  groups: [{ id: 4, name: 'Lojas do Centro' }],
};
const started = (call: ApiCall) => ({ status: 201, body: campaign({ id: 40, ...(call.body as object) }) });

describe('emergency dialog', () => {
  it('needs a playlist and screens (in Portuguese); the name defaults to "Emergência"; then it starts', async () => {
    const api = await startApi({ 'POST /api/campaigns/emergency': started });
    const changes: boolean[] = [];
    renderApp(<EmergencyDialog {...refs} open onOpenChange={(open) => changes.push(open)} />);
    const dialog = screen.getByRole('dialog');
    const user = userEvent.setup();
    const confirm = within(dialog).getByRole('button', { name: 'Iniciar emergência' });
    await user.click(confirm);
    expect(await within(dialog).findByText('Selecione uma playlist')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Playlist' }));
    await user.click(await screen.findByRole('option', { name: 'Evacuação' }));
    await user.click(confirm);
    expect(await within(dialog).findByText('Escolha ao menos um dispositivo ou grupo, ou todas as telas')).toBeTruthy();
    expect(api.calls).toEqual([]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lojas do Centro' }));
    await user.click(confirm);
    await expectToast('Emergência no ar', 'A emergência foi enviada às telas escolhidas.');
    expect(api.callsTo('POST', '/api/campaigns/emergency').map((c) => c.body)).toEqual([
      { name: 'Emergência', playlistId: 3, deviceIds: [], groupIds: [4], allDevices: false },
    ]);
    await waitFor(() => expect(changes).toEqual([false]));
  });
});
