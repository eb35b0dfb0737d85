import type { Playlist } from '@contract/playlists';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Button } from '@web/components/ui/button';
import { Stat } from '@web/components/stat';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { formatBytes, formatDuration } from '@web/lib/format';
import {
  CalendarDays,
  Clock,
  Eye,
  HardDrive,
  Infinity as InfinityIcon,
  Layers,
  ListVideo,
  Pencil,
  Timer,
} from 'lucide-react';
import { Link } from 'wouter';
import { formatStartDate, playlistDuration } from '../lib/playlist-format';

type PlaylistRowProps = { playlist: Playlist; onRemove: (playlist: Playlist) => void };

/** One playlist of the list (docs/product.md#playlists-list): what it is, its numbers, its actions. */
export function PlaylistRow({ playlist, onRemove }: PlaylistRowProps) {
  const { name } = playlist;
  const days = playlist.durationDays ?? 0;
  return (
    <Card className="grid grid-cols-1 gap-4 p-4 sm:p-5" data-testid={`playlist-row-${playlist.id}`}>
      <div className="flex items-start gap-3">
        <span className="bg-accent text-accent-foreground hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex">
          <ListVideo className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 font-semibold break-words sm:line-clamp-1" title={name}>
            {name}
          </h2>
          <p className="text-muted-foreground line-clamp-2 text-sm break-words">
            {playlist.description || t.playlists.noDescription}
          </p>
        </div>
        <div className="-mt-1 -mr-1 flex shrink-0 gap-0.5 sm:gap-1">
          {/* docs/product.md#screens: "view (no behaviour)". */}
          <Button
            variant="ghost"
            size="icon"
            aria-label={t.playlists.actions.view(name)}
            title={t.playlists.actions.view(name)}
          >
            <Eye aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" asChild>
            <Link
              href={`/playlists/edit/${playlist.id}`}
              aria-label={t.playlists.actions.edit(name)}
              title={t.playlists.actions.edit(name)}
            >
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
          <RemoveIconButton label={t.playlists.actions.remove(name)} onClick={() => onRemove(playlist)} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 border-t pt-4 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <Stat icon={Layers} label={t.playlists.fields.items}>
          {t.playlists.itemCount(playlist.items.length)}
        </Stat>
        <Stat icon={Clock} label={t.playlists.fields.totalTime}>
          {formatDuration(playlistDuration(playlist))}
        </Stat>
        <Stat icon={HardDrive} label={t.playlists.fields.size}>
          {formatBytes(playlist.totalSize)}
        </Stat>
        <Stat icon={days > 0 ? Timer : InfinityIcon} label={t.playlists.fields.campaign}>
          {t.playlists.days(days)}
        </Stat>
        <Stat icon={CalendarDays} label={t.playlists.fields.startDate}>
          {formatStartDate(playlist.startDate) ?? t.playlists.noDate}
        </Stat>
      </dl>
    </Card>
  );
}
