import { SearchField } from '@web/components/search-field';
import { LoadError } from '@web/components/load-error';
import type { Playlist } from '@contract/playlists';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { ListVideo, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { usePlaylists } from '../api/get-playlists';
import { DeletePlaylistDialog } from '../components/delete-playlist-dialog';
import { PlaylistRow } from '../components/playlist-row';
import { PlaylistsSkeleton } from '../components/playlists-skeleton';
import { filterPlaylists } from '../lib/playlist-format';

/** /playlists: search, one row per playlist, edit and remove (docs/product.md#playlists-list). */
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
      <SearchField
        value={search}
        onChange={setSearch}
        placeholder={t.playlists.search}
        label={t.playlists.searchLabel}
        className="mb-6 max-w-md"
      />

      {playlists.isPending ? (
        <PlaylistsSkeleton />
      ) : playlists.isError ? (
        <LoadError error={playlists.error} />
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
        <p className="text-muted-foreground text-sm">
          {searching ? t.playlists.emptySearchHint : t.playlists.emptyHint}
        </p>
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
