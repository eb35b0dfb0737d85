import type { Campaign } from '@contract/campaigns';
import { campaignState } from '@contract/schedule';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Button } from '@web/components/ui/button';
import { Stat } from '@web/components/stat';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { CalendarDays, CalendarRange, CircleStop, ListVideo, Monitor, Pause, Pencil, Play } from 'lucide-react';
import { Link } from 'wouter';
import { datesSummary, scheduleSummary, targetsSummary } from '../lib/campaign-summary';
import { useZonesLabel } from '../lib/use-zones-label';
import { AdDelivery } from './ad-delivery';
import { AdBadge, CampaignStateBadge, PriorityBadge } from './campaign-badges';

export type CampaignRowActions = {
  onStatus: (campaign: Campaign, status: 'published' | 'paused') => void;
  onEnd: (campaign: Campaign) => void;
  onRemove: (campaign: Campaign) => void;
};

type CampaignRowProps = CampaignRowActions & {
  campaign: Campaign;
  playlistName: string;
  /** An ad's advertiser by name; undefined for a regular campaign or while the names load. */
  advertiserName?: string;
  now: number;
  timeZone: string;
  /** The status request of this row is running. */
  statusPending: boolean;
};

/** One campaign of the list: what, where, when, its state now, and its actions. */
export function CampaignRow({
  campaign,
  playlistName,
  advertiserName,
  now,
  timeZone,
  statusPending,
  onStatus,
  onEnd,
  onRemove,
}: CampaignRowProps) {
  const { name } = campaign;
  const state = campaignState(campaign, new Date(now), timeZone);
  const zones = useZonesLabel()(campaign.zones);
  const l = t.campaigns;
  return (
    <Card className="grid grid-cols-1 gap-4 p-4 sm:p-5" data-testid={`campaign-row-${campaign.id}`}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold break-words">{name}</h2>
            <CampaignStateBadge state={state} />
            {campaign.type === 'ad' ? <AdBadge /> : null}
            <PriorityBadge priority={campaign.priority} />
          </div>
          <p className="text-muted-foreground line-clamp-2 text-sm break-words">
            {campaign.description || l.noDescription}
          </p>
        </div>
        <div className="-mt-1 flex shrink-0 flex-wrap items-center gap-1">
          {campaign.status === 'published' && state !== 'ended' ? (
            <Button
              variant="outline"
              size="sm"
              disabled={statusPending}
              aria-label={l.actions.pauseNamed(name)}
              onClick={() => onStatus(campaign, 'paused')}
            >
              <Pause aria-hidden="true" />
              {l.actions.pause}
            </Button>
          ) : state !== 'ended' ? (
            <Button
              variant="outline"
              size="sm"
              disabled={statusPending}
              aria-label={l.actions.publishNamed(name)}
              onClick={() => onStatus(campaign, 'published')}
            >
              <Play aria-hidden="true" />
              {l.actions.publish}
            </Button>
          ) : null}
          {state !== 'ended' && state !== 'draft' ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={l.actions.end(name)}
              title={l.actions.end(name)}
              onClick={() => onEnd(campaign)}
            >
              <CircleStop aria-hidden="true" />
            </Button>
          ) : null}
          <Button variant="ghost" size="icon" asChild>
            <Link
              href={`/campaigns/${campaign.id}/edit`}
              aria-label={l.actions.edit(name)}
              title={l.actions.edit(name)}
            >
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
          <RemoveIconButton label={l.actions.remove(name)} onClick={() => onRemove(campaign)} />
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 border-t pt-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Stat wrap icon={ListVideo} label={l.fields.playlist}>
          {playlistName}
        </Stat>
        <Stat wrap icon={Monitor} label={l.fields.targets}>
          {targetsSummary(campaign)}
          {zones ? (
            <span className="text-muted-foreground block text-xs" data-testid="campaign-zones">
              {zones}
            </span>
          ) : null}
        </Stat>
        <Stat wrap icon={CalendarRange} label={l.fields.dates}>
          {datesSummary(campaign.startDate, campaign.endDate, timeZone)}
        </Stat>
        <Stat wrap icon={CalendarDays} label={l.fields.schedule}>
          {scheduleSummary(campaign.schedule)}
        </Stat>
      </dl>
      {campaign.type === 'ad' ? <AdDelivery campaign={campaign} advertiserName={advertiserName} /> : null}
    </Card>
  );
}
