import type { Campaign } from '@contract/campaigns';
import { messages } from '@contract/messages';
import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { LoadError } from '@web/components/load-error';
import { SearchField } from '@web/components/search-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { useSession } from '@web/lib/session';
import { toastFailure } from '@web/lib/toast-failure';
import { CalendarClock, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useChangeCampaignStatus } from '../api/change-campaign-status';
import { useCampaignList } from '@web/lib/campaign-list';
import { adOnAir } from '../lib/ad-delivery';
import { useAdDeliveryRefresh } from '../lib/use-ad-delivery-refresh';
import { filterCampaigns } from '../lib/campaign-summary';
import { nameMap, type CampaignRefs } from '../lib/refs';
import { useDecisionNow } from '../lib/use-decision-now';
import { CampaignRow } from './campaign-row';
import { CampaignsHeader } from './campaigns-header';
import { CampaignsSkeleton } from './campaigns-skeleton';
import { ConfirmCampaignDialog, type CampaignConfirmation } from './confirm-campaign-dialog';

/**
 * /campaigns: search, one row per campaign with its state now (re-read each minute), an ad's
 * delivery (read again each minute while one is on the air), and its actions.
 */
export function CampaignsView(refs: CampaignRefs) {
  const campaigns = useCampaignList();
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const now = useDecisionNow(campaigns.data);
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<CampaignConfirmation | null>(null);
  const status = useChangeCampaignStatus();
  const playlistNames = useMemo(() => nameMap(refs.playlists), [refs.playlists]);
  const advertiserNames = useMemo(() => nameMap(refs.advertisers), [refs.advertisers]);
  useAdDeliveryRefresh(adOnAir(campaigns.data, now, timeZone));
  const visible = useMemo(() => filterCampaigns(campaigns.data ?? [], search), [campaigns.data, search]);
  const searching = search.trim().length > 0;
  const l = t.campaigns;

  const onStatus = (campaign: Campaign, next: 'published' | 'paused') =>
    status.mutate(
      { id: campaign.id, status: next },
      {
        onSuccess: () =>
          toast(next === 'published' ? messages.campaigns.publishSuccess : messages.campaigns.pauseSuccess),
        onError: toastFailure(messages.campaigns.statusFailure),
      },
    );

  const playlistName = (campaign: Campaign) =>
    campaign.playlistId === null
      ? l.noPlaylist
      : (playlistNames.get(campaign.playlistId) ?? (refs.playlists ? l.noPlaylist : l.playlistLoading));

  return (
    <>
      <CampaignsHeader title={l.title} description={l.subtitle} refs={refs} />
      <SearchField
        value={search}
        onChange={setSearch}
        placeholder={l.search}
        label={l.searchLabel}
        className="mb-6 max-w-md"
      />

      {campaigns.isPending ? (
        <CampaignsSkeleton />
      ) : campaigns.isError ? (
        <LoadError error={campaigns.error} />
      ) : visible.length === 0 ? (
        <EmptyState searching={searching} />
      ) : (
        <ul aria-label={l.listLabel} className="grid grid-cols-1 gap-3">
          {visible.map((campaign) => (
            <li key={campaign.id}>
              <CampaignRow
                campaign={campaign}
                playlistName={playlistName(campaign)}
                advertiserName={campaign.advertiserId === null ? undefined : advertiserNames.get(campaign.advertiserId)}
                now={now}
                timeZone={timeZone}
                statusPending={status.isPending && status.variables?.id === campaign.id}
                onStatus={onStatus}
                onEnd={(c) => setConfirming({ action: 'end', campaign: c })}
                onRemove={(c) => setConfirming({ action: 'remove', campaign: c })}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmCampaignDialog confirming={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

function EmptyState({ searching }: { searching: boolean }) {
  const l = t.campaigns;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <CalendarClock className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
        <p className="text-lg font-semibold">{searching ? l.emptySearch : l.empty}</p>
        <p className="text-muted-foreground text-sm">{searching ? l.emptySearchHint : l.emptyHint}</p>
        {searching ? null : (
          <Button asChild className="mt-3">
            <Link href="/campaigns/new">
              <Plus aria-hidden="true" />
              {l.createFirst}
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
