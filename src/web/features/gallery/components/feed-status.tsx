import type { Media } from '@contract/media';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { formatDateAndTime } from '@web/lib/format';
import { useSession } from '@web/lib/session';
import { toastFailure } from '@web/lib/toast-failure';
import { RotateCw } from 'lucide-react';
import { useRefreshFeed } from '../api/refresh-feed';

/**
 * A feed's card line (docs/content.md#feeds): when it was last read, why its last try failed when
 * that came after, and "Atualizar agora". TVs keep showing the last good items meanwhile.
 */
export function FeedStatus({ media }: { media: Media }) {
  const l = t.content.feed;
  const { workspace } = useSession();
  const refresh = useRefreshFeed();
  const when = (at: string | null) => {
    const parts = formatDateAndTime(at, workspace?.timeZone);
    return parts ? `${parts.date} ${parts.time.slice(0, 5)}` : '';
  };
  const status = media.feed;
  const failedLast =
    status?.lastError && (!status.lastSuccessAt || (status.lastAttemptAt ?? '') > status.lastSuccessAt);
  return (
    <div className="flex items-start gap-2 text-sm" data-testid={`feed-status-${media.id}`}>
      <div className="min-w-0 flex-1">
        <p className="text-muted-foreground">
          {status?.lastSuccessAt ? l.updatedAt(when(status.lastSuccessAt)) : l.neverUpdated}
        </p>
        {failedLast ? (
          <p className="text-destructive break-words">{l.failedAt(when(status!.lastAttemptAt), status!.lastError!)}</p>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={l.refresh(media.originalName)}
        title={l.refreshShort}
        disabled={refresh.isPending}
        onClick={() =>
          refresh.mutate(media.id, {
            onSuccess: () => toast({ title: 'Sucesso!', description: l.refreshQueued }),
            onError: toastFailure({ title: 'Erro', description: l.refreshFailure }),
          })
        }
      >
        <RotateCw aria-hidden="true" />
      </Button>
    </div>
  );
}
