import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { useCampaignList } from '@web/lib/campaign-list';
import type { OnAirSource } from '@web/lib/on-air';
import { useSession } from '@web/lib/session';
import { useMemo } from 'react';

/**
 * The page's one `OnAirSource`: the campaigns, the workspace's time zone and the playlist names
 * (null while loading). It keeps its identity while none of them changes, so memoized cards given
 * it do not re-render on a heartbeat. Without the campaigns (loading, or failed) each window shows
 * its assigned playlist.
 */
export function useOnAirSource(playlistNames: ReadonlyMap<number, string> | null): OnAirSource {
  const campaigns = useCampaignList();
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const list = campaigns.data;
  const readAt = campaigns.dataUpdatedAt;
  const campaignsPending = campaigns.isPending;
  return useMemo(
    () => ({ campaigns: list ?? [], timeZone, playlistNames, readAt, campaignsPending }),
    [list, timeZone, playlistNames, readAt, campaignsPending],
  );
}
