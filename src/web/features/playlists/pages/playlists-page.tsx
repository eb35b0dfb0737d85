import { messages } from '@contract/messages';
import type { Playlist } from '@contract/playlists';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { t } from '@web/i18n/pt-br';
import { getServerMessage } from '@web/lib/api-client';
import { CircleAlert, ListVideo, Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { usePlaylists } from '../api/get-playlists';
import { DeletePlaylistDialog } from '../components/delete-playlist-dialog';
import { PlaylistRow } from '../components/playlist-row';
import { PlaylistsSkeleton } from '../components/playlists-skeleton';
import { filterPlaylists } from '../lib/playlist-format';

/** /playlists: search, one row per playlist, edit and remove (SPEC §2 "Playlists list"). */
export default function PlaylistsPage() {
  const playlists = usePlaylists();
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<Playlist | null>(null);

  const searching = search.trim().length > 0;
  const visible = useMemo(() => filterPlaylists(playlists.data ?? [], search), [playlists.data, search]);

  return (
    <>
      <PageHeader
        title={t.playlists.title}
        description={t.playlists.subtitle}
        actions={
          <Button asChild>
            <Link href="/playlists/create">
              <Plus aria-hidden="true" />
              {t.playlists.new}
            </Link>
          </Button>
        }
      />
      <div className="relative mb-6 max-w-md">
        <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t.playlists.search}
          aria-label={t.playlists.searchLabel}
          className="pl-9"
        />
      </div>

      {playlists.isPending ? (
        <PlaylistsSkeleton />
      ) : playlists.isError ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{getServerMessage(playlists.error) ?? messages.generic.error}</AlertDescription>
        </Alert>
      ) : visible.length === 0 ? (
        <EmptyState searching={searching} />
      ) : (
        <ul aria-label={t.playlists.listLabel} className="grid grid-cols-1 gap-3">
          {visible.map((playlist) => (
            <li key={playlist.id}>
              <PlaylistRow playlist={playlist} onRemove={setRemoving} />
            </li>
          ))}
        </ul>
      )}

      <DeletePlaylistDialog playlist={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function EmptyState({ searching }: { searching: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <ListVideo className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
        <p className="text-lg font-semibold">{searching ? t.playlists.emptySearch : t.playlists.empty}</p>
        <p className="text-muted-foreground text-sm">{searching ? t.playlists.emptySearchHint : t.playlists.emptyHint}</p>
        {searching ? null : (
          <Button asChild className="mt-3">
            <Link href="/playlists/create">
              <Plus aria-hidden="true" />
              {t.playlists.createFirst}
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
