import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { useCampaignList } from '@web/lib/campaign-list';
import { layoutsById, useLayoutList } from '@web/lib/layout-list';
import type { OnAirSource } from '@web/lib/on-air';
import { useSession } from '@web/lib/session';
import { useMemo } from 'react';

/**
 * The page's one `OnAirSource`: the campaigns, the workspace's time zone, the playlist names
 * (null while loading) and the layouts (a zone layout's lines name its zones). It keeps its
 * identity while none of them changes, so memoized cards given it do not re-render on a heartbeat.
 * Without the campaigns (loading, or failed) each window shows its assigned playlist.
 */
export function useOnAirSource(playlistNames: ReadonlyMap<number, string> | null): OnAirSource {
  const campaigns = useCampaignList();
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const list = campaigns.data;
  const readAt = campaigns.dataUpdatedAt;
  const campaignsPending = campaigns.isPending;
  const layoutList = useLayoutList().data;
  const layouts = useMemo(() => layoutsById(layoutList), [layoutList]);
  return useMemo(
    () => ({ campaigns: list ?? [], timeZone, playlistNames, readAt, campaignsPending, layouts }),
    [list, timeZone, playlistNames, readAt, campaignsPending, layouts],
  );
}
