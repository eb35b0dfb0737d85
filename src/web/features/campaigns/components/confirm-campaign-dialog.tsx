import type { Campaign } from '@contract/campaigns';
import { messages } from '@contract/messages';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { toastFailure } from '@web/lib/toast-failure';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useEndCampaign } from '../api/end-campaign';

export type CampaignConfirmation = { action: 'end' | 'remove'; campaign: Campaign };

/**
 * The two questions of the list: "Encerrar agora" (`POST /api/campaigns/{id}/end`: off the air,
 * kept as Encerrada) and "Remover" (`DELETE`). The dialog stays open while the request runs.
 */
export function ConfirmCampaignDialog({
  confirming,
  onClose,
}: {
  confirming: CampaignConfirmation | null;
  onClose: () => void;
}) {
  const end = useEndCampaign();
  const remove = useDeleteCampaign();
  const action = confirming?.action ?? 'remove';
  const texts = action === 'end' ? t.campaigns.end : t.campaigns.remove;
  const onConfirm = () => {
    if (!confirming) return;
    const mutation = confirming.action === 'end' ? end : remove;
    const [success, failure] =
      confirming.action === 'end'
        ? [messages.campaigns.endSuccess, messages.campaigns.endFailure]
        : [messages.campaigns.removeSuccess, messages.campaigns.removeFailure];
    mutation.mutate(confirming.campaign.id, {
      onSuccess: () => toast(success),
      onError: toastFailure(failure),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmRemovalDialog
      open={confirming !== null}
      title={texts.title}
      description={action === 'end' ? messages.campaigns.endConfirm : messages.campaigns.removeConfirm}
      subject={confirming?.campaign.name}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
      pending={end.isPending || remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
