import type { Campaign } from '@contract/campaigns';
import { Progress } from '@web/components/ui/progress';
import { adCampaignLabels as l } from '@web/i18n/ads';
import { formatCount } from '@web/lib/format';
import { Megaphone } from 'lucide-react';
import { deliveryPercent } from '../lib/ad-delivery';

type AdDeliveryProps = {
  campaign: Pick<Campaign, 'name' | 'goalKind' | 'goalPlays' | 'delivery'>;
  /** Its advertiser's name; undefined while the advertisers load. */
  advertiserName: string | undefined;
};

/**
 * An ad's delivery (docs/ads.md#delivery): counted plays against the goal, a bar, where the last 24
 * hours' rate ends (the projection) and the plays each screen may still run this hour.
 */
export function AdDelivery({ campaign, advertiserName }: AdDeliveryProps) {
  const { delivery } = campaign;
  if (!delivery) return null;
  const plays = l.plays(formatCount(delivery.counted), formatCount(delivery.goal));
  return (
    <div className="grid gap-2 border-t pt-4 text-sm" data-testid="ad-delivery">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="flex items-center gap-1.5">
          <Megaphone className="text-muted-foreground size-3.5" aria-hidden="true" />
          <span className="text-muted-foreground text-xs">{l.delivery}</span>
          <span className="font-medium tabular-nums" data-testid="ad-delivery-plays">
            {plays}
          </span>
        </p>
        {advertiserName ? (
          <p className="text-muted-foreground text-xs">
            {l.advertiser}: <span className="text-foreground font-medium">{advertiserName}</span>
          </p>
        ) : null}
      </div>
      <Progress value={deliveryPercent(delivery)} aria-label={l.progress(campaign.name)} aria-valuetext={plays} />
      <p className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-xs tabular-nums">
        <span data-testid="ad-delivery-projection">{l.projection(formatCount(delivery.projection))}</span>
        <span data-testid="ad-delivery-allowance">
          {delivery.allowancePerScreen === null ? l.notPlanned : l.allowance(formatCount(delivery.allowancePerScreen))}
        </span>
        {campaign.goalKind === 'per_hour' && campaign.goalPlays !== null ? (
          <span>{l.perHourGoal(formatCount(campaign.goalPlays))}</span>
        ) : null}
      </p>
    </div>
  );
}
