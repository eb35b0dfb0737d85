import {
  CAMPAIGN_PRIORITY_LABELS,
  CAMPAIGN_STATE_LABELS,
  type CampaignPriority,
  type CampaignState,
} from '@contract/campaigns';
import { Badge } from '@web/components/ui/badge';
import { adCampaignLabels } from '@web/i18n/ads';
import { cn } from '@web/lib/cn';
import { Megaphone, Radio } from 'lucide-react';

const STATE_CLASS: Record<CampaignState, string> = {
  draft: 'border-border bg-muted text-muted-foreground',
  paused: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  scheduled: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  on_air: 'border-transparent bg-success/15 text-success',
  ended: 'border-border text-muted-foreground bg-transparent',
};

/** The campaign's display state (`campaignState`): Rascunho, Pausada, Agendada, No ar agora, Encerrada. */
export function CampaignStateBadge({ state }: { state: CampaignState }) {
  return (
    <Badge className={cn('gap-1', STATE_CLASS[state])} data-testid="campaign-state" data-state={state}>
      {state === 'on_air' ? <Radio className="size-3" aria-hidden="true" /> : null}
      {CAMPAIGN_STATE_LABELS[state]}
    </Badge>
  );
}

const PRIORITY_CLASS: Record<CampaignPriority, string> = {
  normal: 'border-border bg-transparent text-foreground',
  high: 'border-transparent bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  emergency: 'border-transparent bg-destructive text-destructive-foreground',
};

export function PriorityBadge({ priority }: { priority: CampaignPriority }) {
  return (
    <Badge className={PRIORITY_CLASS[priority]} data-testid="campaign-priority">
      {CAMPAIGN_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** An ad campaign (docs/ads.md#ad-campaigns). */
export function AdBadge() {
  return (
    <Badge
      className="gap-1 border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      data-testid="campaign-type"
    >
      <Megaphone className="size-3" aria-hidden="true" />
      {adCampaignLabels.badge}
    </Badge>
  );
}
