import { messages } from '@contract/messages';
import type { Playlist } from '@contract/playlists';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { formatBytes, formatDate, formatDuration } from '@web/lib/format';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDeletePlaylist } from '../api/delete-playlist';
import { formatStartDate, playlistDuration } from '../lib/playlist-format';

type DeletePlaylistDialogProps = { playlist: Playlist | null; onClose: () => void };

/** docs/product.md#playlists-list: the playlist's details, the consequences, then DELETE. */
export function DeletePlaylistDialog({ playlist, onClose }: DeletePlaylistDialogProps) {
  const deletePlaylist = useDeletePlaylist();
  const pending = deletePlaylist.isPending;

  const onConfirm = () => {
    if (!playlist) return;
    deletePlaylist.mutate(playlist.id, {
      onSuccess: () => toast(messages.playlists.removeSuccess),
      onError: () => toast({ variant: 'destructive', ...messages.playlists.removeFailure }),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmRemovalDialog
      open={playlist !== null}
      className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
      title={t.playlists.remove.title}
      description={t.playlists.remove.warning}
      confirmLabel={t.playlists.remove.confirm}
      pendingLabel={t.playlists.remove.pending}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {playlist ? (
        <>
          <dl className="bg-muted/50 grid grid-cols-2 gap-x-4 gap-y-3 rounded-md border p-4 text-sm">
            <Detail label={t.playlists.fields.name} wide>
              <span className="font-semibold break-words">{playlist.name}</span>
            </Detail>
            <Detail label={t.playlists.fields.description} wide>
              <span className="break-words">{playlist.description || t.playlists.noDescription}</span>
            </Detail>
            <Detail label={t.playlists.fields.items}>{t.playlists.itemCount(playlist.items.length)}</Detail>
            <Detail label={t.playlists.wizard.preview.totalDuration}>
              {formatDuration(playlistDuration(playlist))}
            </Detail>
            <Detail label={t.playlists.fields.size}>{formatBytes(playlist.totalSize)}</Detail>
            <Detail label={t.playlists.fields.campaign}>{t.playlists.days(playlist.durationDays)}</Detail>
            <Detail label={t.playlists.wizard.preview.startDate}>
              {formatStartDate(playlist.startDate) ?? t.playlists.noDate}
            </Detail>
            <Detail label={t.playlists.fields.createdAt}>{formatDate(playlist.createdAt)}</Detail>
          </dl>
          <div className="border-destructive/40 bg-destructive/5 rounded-md border p-4 text-sm">
            <p className="text-destructive mb-2 flex items-center gap-2 font-medium">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {t.playlists.remove.consequencesTitle}
            </p>
            <ul className="text-foreground list-disc space-y-1 pl-9">
              {t.playlists.remove.consequences.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
    </ConfirmRemovalDialog>
  );
}

function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 grid gap-0.5' : 'grid gap-0.5'}>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}
