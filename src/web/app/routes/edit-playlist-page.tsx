import { messages } from '@contract/messages';
import { LoadError } from '@web/components/load-error';
import { t } from '@web/i18n/pt-br';
import { getErrorStatus } from '@web/lib/api-error';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useParams } from 'wouter';
import { usePlaylist } from '@web/features/playlists/api/get-playlist';
import { PlaylistNotFound } from '@web/features/playlists/components/playlist-not-found';
import { PlaylistWizardWithMedia } from './playlist-wizard-with-media';
import { WizardSkeleton } from '@web/features/playlists/components/wizard-skeleton';

/** A route id: a positive integer, or null (then nothing is requested and the page says "not found"). */
const parseId = (value: string | undefined): number | null =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

/** /playlists/edit/{id}: the wizard prefilled from GET /api/playlists/{id}. */
export default function EditPlaylistPage() {
  const params = useParams<{ id: string }>();
  const id = parseId(params.id);
  const playlist = usePlaylist(id);
  const notFound = id === null || getErrorStatus(playlist.error) === 404;
  useDocumentTitle(notFound ? messages.playlists.notFound.title : t.playlists.wizard.editTitle);

  if (notFound) return <PlaylistNotFound />;
  if (playlist.isPending) return <WizardSkeleton />;
  if (playlist.isError) {
    return <LoadError error={playlist.error} />;
  }
  // Keyed by id: another playlist starts a fresh wizard.
  return <PlaylistWizardWithMedia key={playlist.data.id} playlist={playlist.data} />;
}
