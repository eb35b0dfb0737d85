import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import { QueryClient } from '@tanstack/react-query';
import { aDevice } from '@web/test/device-fixture';
import { aZoneLayout } from '@web/test/layout-fixture';
import { describe, expect, it } from 'vitest';
import { applyRealtimeMessage } from './apply-realtime-message';

const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

describe('applyRealtimeMessage: layouts and zones', () => {
  it('a layout changed marks the list and its own entry stale; one removed leaves the list at once', () => {
    const queryClient = client();
    queryClient.setQueryData(['/api/layouts'], [...BUILT_IN_LAYOUTS, aZoneLayout()]);
    queryClient.setQueryData(['/api/layouts/7'], aZoneLayout());
    applyRealtimeMessage(queryClient, { type: 'layout_update', layoutId: 7 });
    expect(queryClient.getQueryState(['/api/layouts'])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/layouts/7'])!.isInvalidated).toBe(true);
    applyRealtimeMessage(queryClient, { type: 'layout_removed', layoutId: 7 });
    expect(queryClient.getQueryData<Array<{ id: number }>>(['/api/layouts'])!.map((l) => l.id)).not.toContain(7);
    expect(queryClient.getQueryState(['/api/layouts/7'])).toBeUndefined();
  });

  it('a removed playlist leaves every zone that showed it empty, zones 3+ included', () => {
    const queryClient = client();
    const screen = aDevice({ layoutId: 7, layout: 'dual', assignedPlaylistId1: 6, zonePlaylistIds: [6, 5, 6] });
    queryClient.setQueryData(['/api/devices'], [screen]);
    applyRealtimeMessage(queryClient, { type: 'playlist_removed', playlistId: 6 });
    const [after] = queryClient.getQueryData<Array<typeof screen>>(['/api/devices'])!;
    expect([after!.assignedPlaylistId1, after!.zonePlaylistIds]).toEqual([null, [null, 5, null]]);
  });
});
