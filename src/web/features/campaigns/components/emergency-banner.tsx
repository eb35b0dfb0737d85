import { messages } from '@contract/messages';
import { campaignState, DEFAULT_TIME_ZONE } from '@contract/schedule';
import { PendingButton } from '@web/components/pending-button';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { useSession } from '@web/lib/session';
import { toastFailure } from '@web/lib/toast-failure';
import { CircleStop, Siren } from 'lucide-react';
import { useCampaignList } from '@web/lib/campaign-list';
import { useEndCampaign } from '../api/end-campaign';
import { targetsSummary } from '../lib/campaign-summary';
import { useDecisionNow } from '../lib/use-decision-now';
import { cn } from '@web/lib/cn';

/**
 * While an emergency is on the air: a red banner naming it, where it plays, and "Encerrar
 * emergência" (`POST /api/campaigns/{id}/end`; the screens go back to what they played before).
 * Self-contained (its own queries), so any page may show it.
 */
export function EmergencyBanner() {
  const campaigns = useCampaignList();
  const { workspace } = useSession();
  const now = new Date(useDecisionNow(campaigns.data));
  const end = useEndCampaign();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const onAir = (campaigns.data ?? []).filter(
    (c) => c.priority === 'emergency' && campaignState(c, now, timeZone) === 'on_air',
  );
  if (onAir.length === 0) return null;
  const l = t.campaigns.emergency;
  return (
    <div className="mb-6 grid gap-2">
      {onAir.map((c) => (
        <section
          key={c.id}
          aria-label={l.banner(c.name)}
          data-testid="emergency-banner"
          className={cn(
            'border-destructive bg-destructive/10 flex flex-col gap-3',
            'rounded-lg border-2 p-4 sm:flex-row sm:items-center sm:justify-between',
          )}
        >
          <div className="flex items-start gap-3">
            <Siren
              className="text-destructive mt-0.5 size-6 shrink-0 animate-pulse motion-reduce:animate-none"
              aria-hidden="true"
            />
            <div className="grid gap-0.5">
              <p className="text-destructive font-semibold">{l.banner(c.name)}</p>
              <p className="text-sm">{l.bannerTargets(targetsSummary(c))}</p>
            </div>
          </div>
          <PendingButton
            variant="destructive"
            icon={<CircleStop aria-hidden="true" />}
            pending={end.isPending && end.variables === c.id}
            pendingLabel={l.ending}
            onClick={() =>
              end.mutate(c.id, {
                onSuccess: () => toast(messages.campaigns.emergencyEnded),
                onError: toastFailure(messages.campaigns.endFailure),
              })
            }
          >
            {l.end}
          </PendingButton>
        </section>
      ))}
    </div>
  );
}
